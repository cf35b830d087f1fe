"""Checks every route and behaviour of the reference server against a live instance.

    TestServer/.venv/bin/python TestServer/selftest.py      (or any python3 >= 3.11; stdlib only)

Starts server.py on a free port, runs each check, prints `ok`/`FAIL` per check and a last line
`N passed, M failed`; exits 1 when any check failed. `-k WORD` runs only checks whose name has WORD.
"""

from __future__ import annotations

import gzip
import json
import socket
import sys
import time
import traceback
from typing import Any, Callable

from selftest_client import Server, Stream, WebSocket, graphql, http, multipart_parts, sse_events

CHECKS: list[tuple[str, Callable[[int], None]]] = []
GQL_JSON = "application/graphql-response+json"


def check(function: Callable[[int], None]) -> Callable[[int], None]:
    CHECKS.append((function.__name__, function))
    return function


def wait_until(condition: Callable[[], bool], seconds: float = 5) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def counts(port: int, tag: str) -> tuple[int, int, int]:
    reply = graphql(port, f'{{ a: activeCountdowns(tag: "{tag}") f: finishedCountdowns(tag: "{tag}") '
                          f'c: cancelledCountdowns(tag: "{tag}") }}')
    data = reply.json()["data"]
    return data["a"], data["f"], data["c"]


# GraphQL over HTTP: media types and status codes


@check
def hello_with_each_media_type(port: int) -> None:
    reply = graphql(port, "{ hello }")
    assert reply.status == 200 and reply.content_type.startswith(GQL_JSON), (reply.status, reply.content_type)
    assert reply.json() == {"data": {"hello": "Hello, world!"}}
    reply = graphql(port, '{ hello(name: "Baton") }', accept="application/json")
    assert reply.status == 200 and reply.content_type.startswith("application/json;")
    assert reply.json() == {"data": {"hello": "Hello, Baton!"}}
    reply = graphql(port, "{ hello }", accept=None)
    assert reply.content_type.startswith("application/json;"), reply.content_type
    reply = graphql(port, "{ hello }", accept=f"{GQL_JSON}, application/json;q=0.9")
    assert reply.content_type.startswith(GQL_JSON)
    reply = graphql(port, "{ hello }", accept=f"{GQL_JSON};q=0.5, application/json")
    assert reply.content_type.startswith("application/json;")


@check
def get_queries_and_mutations(port: int) -> None:
    reply = http(port, "GET", "/graphql?query=%7Bhello%7D", headers={"Accept": GQL_JSON})
    assert reply.status == 200 and reply.json()["data"]["hello"] == "Hello, world!"
    reply = http(port, "GET", "/graphql?query=query(%24n%3AString)%7Bhello(name%3A%24n)%7D&variables=%7B%22n%22%3A%22G%22%7D")
    assert reply.json()["data"]["hello"] == "Hello, G!", reply.body
    for accept in (GQL_JSON, "application/json"):
        reply = http(port, "GET", '/graphql?query=mutation%7BsetGreeting(text%3A%22x%22)%7D', headers={"Accept": accept})
        assert reply.status == 405 and reply.headers.get("allow") == "POST", (reply.status, reply.headers)


@check
def request_errors_by_media_type(port: int) -> None:
    cases = {
        "syntax": ("{ hello", None),
        "validation": ("{ nope }", None),
        "variables": ("query($ms: Int!) { slow(ms: $ms) }", {"ms": "soon"}),
        "unknown operation": ("query A { hello }", None),
    }
    for name, (query, variables) in cases.items():
        extra: dict[str, Any] = {"variables": variables} if variables else {}
        if name == "unknown operation":
            extra["operationName"] = "B"
        strict = graphql(port, query, **extra)
        assert strict.status == 400, (name, strict.status, strict.body)
        body = strict.json()
        assert "data" not in body and body["errors"][0]["message"], (name, body)
        legacy = graphql(port, query, accept="application/json", **extra)
        assert legacy.status == 200 and legacy.json() == body, (name, legacy.status, legacy.body)
    syntax = graphql(port, "{ hello").json()["errors"][0]
    assert syntax["locations"] == [{"line": 1, "column": 8}], syntax
    assert syntax["message"].startswith("Syntax Error"), syntax
    validation = graphql(port, "{\n  nope\n}").json()["errors"][0]
    assert validation["locations"] == [{"line": 2, "column": 3}], validation


@check
def malformed_requests(port: int) -> None:
    for accept in (GQL_JSON, "application/json"):
        reply = http(port, "POST", "/graphql", raw=b"{not json", headers={"Content-Type": "application/json", "Accept": accept})
        assert reply.status == 400 and reply.json()["errors"], (accept, reply.status)
        reply = http(port, "POST", "/graphql", body={"variables": {}}, headers={"Accept": accept})
        assert reply.status == 400, (accept, reply.status)
    reply = http(port, "POST", "/graphql", raw=b"query=x", headers={"Content-Type": "text/plain"})
    assert reply.status == 415, reply.status
    reply = graphql(port, "{ hello }", accept="text/html")
    assert reply.status == 406, reply.status


@check
def partial_data_keeps_extensions(port: int) -> None:
    for accept in (GQL_JSON, "application/json"):
        reply = graphql(port, "{ partial { ok failing } }", accept=accept)
        assert reply.status == 200
        body = reply.json()
        assert body["data"] == {"partial": {"ok": "ok", "failing": None}}, body
        error = body["errors"][0]
        assert error["path"] == ["partial", "failing"] and error["extensions"] == {"code": "PARTIAL_FAILURE"}, error
        assert error["locations"] == [{"line": 1, "column": 16}], error


@check
def non_null_error_propagates_to_nullable_parent(port: int) -> None:
    body = graphql(port, "{ holder { name inner { mustHave other } } }").json()
    assert body["data"] == {"holder": {"name": "holder", "inner": None}}, body
    assert body["errors"][0]["path"] == ["holder", "inner", "mustHave"], body
    reply = graphql(port, "{ hello alwaysFails }")
    assert reply.status == 200 and reply.json()["data"] is None, (reply.status, reply.body)
    assert reply.json()["errors"][0]["extensions"]["code"] == "ALWAYS_FAILS"


@check
def slow_field_and_slow_route(port: int) -> None:
    started = time.monotonic()
    body = graphql(port, "{ slow(ms: 250) }").json()
    assert body == {"data": {"slow": "slept 250 ms"}} and time.monotonic() - started >= 0.25, body
    started = time.monotonic()
    reply = graphql(port, "{ hello }", path="/slow?ms=300")
    assert reply.status == 200 and reply.json()["data"]["hello"] == "Hello, world!"
    assert time.monotonic() - started >= 0.3


@check
def benchmark_items_payload(port: int) -> None:
    fields = "__typename id name description count price active createdAt rating code score flag owner { __typename id name }"
    reply = graphql(port, f"{{ items(count: 3) {{ {fields} }} }}", accept="application/json")
    expected = (
        '{"__typename":"Item","id":"item-1","name":"Item number 1","description":"A moderately long description '
        'string for item 1 used in benchmarks","count":7,"price":1.75,"active":false,"createdAt":"2024-01-11T12:34:56Z",'
        '"rating":0.1,"code":"C1X","score":1,"flag":false,"owner":{"__typename":"User","id":"user-1","name":"Owner 1"}}'
    )
    assert expected in reply.body.decode(), reply.body[:400]
    assert reply.body.startswith(b'{"data":{"items":[{"__typename":"Item","id":"item-0"'), reply.body[:80]
    assert b'"price":0.5,' in reply.body and b'"rating":0.0,' in reply.body
    assert len(graphql(port, "{ items(count: 1000) { id } }").json()["data"]["items"]) == 1000


@check
def mutation_and_request_headers(port: int) -> None:
    assert graphql(port, 'mutation { setGreeting(text: "Hi") }').json() == {"data": {"setGreeting": "Hi"}}
    assert graphql(port, "{ greeting }").json() == {"data": {"greeting": "Hi"}}
    body = graphql(port, '{ requestHeader(name: "X-Baton-Test") }', headers={"X-Baton-Test": "yes"}).json()
    assert body == {"data": {"requestHeader": "yes"}}, body
    assert graphql(port, '{ echo(value: "{\\"a\\":1}") }').json() == {"data": {"echo": '{"a":1}'}}


@check
def gzip_for_large_json_only(port: int) -> None:
    query = "{ items(count: 50) { id name description } }"
    zipped = graphql(port, query, headers={"Accept-Encoding": "gzip"})
    assert zipped.headers.get("content-encoding") == "gzip", zipped.headers
    assert json.loads(gzip.decompress(zipped.body))["data"]["items"][49]["id"] == "item-49"
    plain = graphql(port, query)
    assert "content-encoding" not in plain.headers and plain.json()["data"]["items"][0]["id"] == "item-0"
    small = graphql(port, "{ hello }", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in small.headers and small.json()["data"]["hello"]


# Incremental delivery


DEFER_QUERY = (
    '{ hello ... @defer(label: "partial") { partial { ok failing } } '
    '... @defer(label: "slow") { slow(ms: 400) } }'
)
MULTIPART_ACCEPT = f"multipart/mixed, {GQL_JSON}, application/json;q=0.9"


@check
def multipart_current_format_streams_parts(port: int) -> None:
    stream = Stream(port, "/graphql", {"query": DEFER_QUERY}, MULTIPART_ACCEPT)
    assert stream.response.status == 200
    assert stream.headers["content-type"] == 'multipart/mixed; boundary="-"', stream.headers
    assert "content-encoding" not in stream.headers
    body = stream.read_all()
    parts, closed = multipart_parts(body)
    assert closed and len(parts) == 3, (closed, parts)
    initial, fast, slow = parts
    assert initial["data"] == {"hello": "Hello, world!"} and initial["hasNext"] is True, initial
    labels = {p["label"]: p["id"] for p in initial["pending"]}
    assert set(labels) == {"partial", "slow"} and all(p["path"] == [] for p in initial["pending"]), initial
    entry = fast["incremental"][0]
    assert entry["id"] == labels["partial"] and entry["data"] == {"partial": {"ok": "ok", "failing": None}}, fast
    assert entry["errors"][0]["extensions"] == {"code": "PARTIAL_FAILURE"}, entry
    assert fast["completed"] == [{"id": labels["partial"]}] and fast["hasNext"] is True
    assert slow["incremental"][0] == {"data": {"slow": "slept 400 ms"}, "id": labels["slow"]}, slow
    assert slow["completed"] == [{"id": labels["slow"]}] and slow["hasNext"] is False
    # The parts came separately, the slow one measurably later.
    arrivals = []
    offset = 0
    for at, chunk in stream.chunks:
        offset += len(chunk)
        arrivals.append((at, offset))
    slow_start = body.index(b'"slept 400 ms"')
    first_done = body.index(b'"hasNext":true') + 1
    first_at = next(at for at, end in arrivals if end >= first_done)
    slow_at = next(at for at, end in arrivals if end > slow_start)
    assert slow_at - first_at >= 0.3, (first_at, slow_at, stream.chunks)
    stream.close()


@check
def multipart_legacy_format(port: int) -> None:
    query = '{ hello numbers(count: 3, delayMs: 50) @stream(initialCount: 1, label: "n") ' \
            '... @defer(label: "p") { partial { ok failing } } }'
    stream = Stream(port, "/graphql?format=legacy", {"query": query}, MULTIPART_ACCEPT)
    parts, closed = multipart_parts(stream.read_all())
    assert closed, parts
    assert parts[0] == {"data": {"hello": "Hello, world!", "numbers": [0]}, "hasNext": True}, parts[0]
    entries = [entry for p in parts[1:] for entry in p.get("incremental", [])]
    deferred = [e for e in entries if "data" in e]
    assert deferred[0]["path"] == [] and deferred[0]["label"] == "p", deferred
    assert deferred[0]["errors"][0]["extensions"]["code"] == "PARTIAL_FAILURE"
    items = [e for e in entries if "items" in e]
    assert [e["path"] for e in items] == [["numbers", 1], ["numbers", 2]], items
    assert all(e["label"] == "n" for e in items) and [e["items"] for e in items] == [[1], [2]]
    assert parts[-1]["hasNext"] is False
    assert all("pending" not in p and "completed" not in p for p in parts)
    stream.close()


@check
def defer_without_multipart_is_refused(port: int) -> None:
    reply = graphql(port, DEFER_QUERY)
    assert reply.status == 406 and reply.json()["errors"], (reply.status, reply.body)
    reply = graphql(port, '{ hello ... @defer(if: false) { slow(ms: 1) } }')
    assert reply.status == 200 and reply.json()["data"]["slow"] == "slept 1 ms", reply.body


@check
def cut_multipart_ends_early(port: int) -> None:
    stream = Stream(port, "/cut-multipart", {"query": DEFER_QUERY}, MULTIPART_ACCEPT)
    assert stream.headers["content-type"] == 'multipart/mixed; boundary="-"'
    parts, closed = multipart_parts(stream.read_all())  # read_all returning means the HTTP body ended cleanly
    assert not closed and len(parts) == 1 and parts[0]["hasNext"] is True, (closed, parts)
    stream = Stream(port, "/cut-multipart?parts=2", {"query": DEFER_QUERY}, MULTIPART_ACCEPT)
    parts, closed = multipart_parts(stream.read_all())
    assert not closed and len(parts) == 2 and parts[-1]["hasNext"] is True, (closed, parts)


# Server-sent events


SSE = "text/event-stream"


@check
def sse_countdown_ticks_errors_and_complete(port: int) -> None:
    query = "subscription { countdown(from: 3, failAt: 2) { value note } }"
    stream = Stream(port, "/graphql", {"query": query}, SSE)
    assert stream.response.status == 200 and stream.headers["content-type"].startswith(SSE)
    events = sse_events(stream.read_all())
    assert [name for name, _ in events] == ["next", "next", "next", "complete"], events
    ticks = [json.loads(data) for _, data in events[:3]]
    assert [t["data"]["countdown"]["value"] for t in ticks] == [3, 2, 1]
    assert ticks[1]["data"]["countdown"]["note"] is None
    assert ticks[1]["errors"][0]["extensions"] == {"code": "TICK_FAILED"}, ticks[1]
    assert ticks[1]["errors"][0]["path"] == ["countdown", "note"]
    assert "errors" not in ticks[0] and ticks[0]["data"]["countdown"]["note"] == "T-3"


@check
def sse_crash_and_request_errors(port: int) -> None:
    query = "subscription { countdown(from: 4, crashAt: 2) { value } }"
    events = sse_events(Stream(port, "/graphql", {"query": query}, SSE).read_all())
    assert [name for name, _ in events] == ["next", "next", "next", "complete"], events
    assert [json.loads(data)["data"]["countdown"]["value"] for _, data in events[:2]] == [4, 3]
    crash = json.loads(events[2][1])
    assert "data" not in crash and crash["errors"][0]["extensions"]["code"] == "COUNTDOWN_CRASHED", crash
    stream = Stream(port, "/graphql", {"query": "subscription { nope }"}, SSE)
    assert stream.response.status == 200
    events = sse_events(stream.read_all())
    assert [name for name, _ in events] == ["next", "complete"] and json.loads(events[0][1])["errors"], events
    events = sse_events(Stream(port, "/graphql", {"query": "{ hello }"}, SSE).read_all())
    assert events == [("next", '{"data":{"hello":"Hello, world!"}}'), ("complete", "")], events


@check
def sse_disconnect_closes_the_generator(port: int) -> None:
    tag = "sse-cancel"
    query = f'subscription {{ countdown(from: 100000, delayMs: 20, tag: "{tag}") {{ value }} }}'
    stream = Stream(port, "/graphql", {"query": query}, SSE)
    while len([e for e in sse_events(stream.body) if e[0] == "next"]) < 2:
        assert stream.read_chunk(), "stream ended early"
    assert counts(port, tag) == (1, 0, 0), counts(port, tag)
    stream.close()
    assert wait_until(lambda: counts(port, tag) == (0, 1, 1)), counts(port, tag)


@check
def cut_sse_ends_mid_event(port: int) -> None:
    query = "subscription { countdown(from: 5, delayMs: 10) { value } }"
    stream = Stream(port, "/cut-sse?events=2", {"query": query}, SSE)
    body = stream.read_all()
    events = sse_events(body)
    assert [name for name, _ in events] == ["next", "next"], events
    tail = body.decode().split("\n\n")[-1]
    assert tail.startswith("event: next") or tail.startswith("event: n"), tail
    assert "complete" not in body.decode()


# WebSocket: graphql-transport-ws


def subscribe(ws: WebSocket, identifier: str, query: str, **payload: Any) -> None:
    ws.send({"id": identifier, "type": "subscribe", "payload": {"query": query, **payload}})


@check
def ws_handshake_init_payload_and_ping(port: int) -> None:
    ws = WebSocket(port)
    assert ws.status == 101 and ws.accept_ok and ws.headers.get("sec-websocket-protocol") == "graphql-transport-ws"
    assert ws.init({"token": "abc", "n": 1}) == {"type": "connection_ack"}
    ws.send({"type": "ping", "payload": {"x": 1}})
    assert ws.recv_json() == {"type": "pong", "payload": {"x": 1}}
    ws.send({"type": "ping"})
    assert ws.recv_json() == {"type": "pong"}
    subscribe(ws, "q", "{ connectionInitPayload requestHeader(name: \"upgrade\") }")
    assert ws.recv_json() == {"id": "q", "type": "next", "payload": {
        "data": {"connectionInitPayload": '{"token":"abc","n":1}', "requestHeader": "websocket"}}}
    assert ws.recv_json() == {"id": "q", "type": "complete"}
    last = graphql(port, "{ lastConnectionInitPayload connectionInitPayload }").json()
    assert last == {"data": {"lastConnectionInitPayload": '{"token":"abc","n":1}', "connectionInitPayload": None}}, last
    ws.close()


@check
def ws_countdown_ticks_error_and_crash(port: int) -> None:
    ws = WebSocket(port)
    ws.init()
    subscribe(ws, "a", "subscription { countdown(from: 3, failAt: 1) { value note } }")
    messages = [ws.recv_json() for _ in range(4)]
    assert [m["type"] for m in messages] == ["next", "next", "next", "complete"], messages
    assert [m["payload"]["data"]["countdown"]["value"] for m in messages[:3]] == [3, 2, 1]
    assert messages[2]["payload"]["errors"][0]["extensions"]["code"] == "TICK_FAILED"
    subscribe(ws, "b", "subscription { countdown(from: 3, crashAt: 2) { value } }")
    first, second = ws.recv_json(), ws.recv_json()
    assert first["type"] == "next" and second["type"] == "error", (first, second)
    assert second["id"] == "b" and second["payload"][0]["extensions"]["code"] == "COUNTDOWN_CRASHED", second
    subscribe(ws, "c", "subscription { nope }")
    error = ws.recv_json()
    assert error["type"] == "error" and error["id"] == "c" and error["payload"][0]["locations"], error
    subscribe(ws, "d", "subscription($f: Int!) { countdown(from: $f) { value } }", variables={"f": "x"})
    assert ws.recv_json()["type"] == "error"
    subscribe(ws, "e", 'mutation { setGreeting(text: "ws") }')
    assert ws.recv_json()["payload"] == {"data": {"setGreeting": "ws"}}
    assert ws.recv_json() == {"id": "e", "type": "complete"}
    ws.close()


@check
def ws_complete_stops_the_generator(port: int) -> None:
    tag = "ws-complete"
    ws = WebSocket(port)
    ws.init()
    subscribe(ws, "x", f'subscription {{ countdown(from: 100000, delayMs: 20, tag: "{tag}") {{ value }} }}')
    assert ws.recv_json()["type"] == "next"
    assert counts(port, tag) == (1, 0, 0)
    ws.send({"id": "x", "type": "complete"})
    assert wait_until(lambda: counts(port, tag) == (0, 1, 1)), counts(port, tag)
    ws.send({"type": "ping"})
    while (message := ws.recv_json())["type"] != "pong":
        assert message["id"] == "x" and message["type"] == "next", message  # sent before complete arrived
    ws.sock.settimeout(0.3)
    try:
        extra = ws.sock.recv(100)
        assert not extra, f"a message after complete: {extra!r}"
    except socket.timeout:
        pass
    # The id may be used again once completed.
    subscribe(ws, "x", "subscription { countdown(from: 1) { value } }")
    assert ws.recv_json(timeout=5)["type"] == "next" and ws.recv_json()["type"] == "complete"
    ws.close()


@check
def ws_disconnect_stops_the_generator(port: int) -> None:
    tag = "ws-drop-client"
    ws = WebSocket(port)
    ws.init()
    for i in range(3):
        subscribe(ws, f"s{i}", f'subscription {{ countdown(from: 100000, delayMs: 20, tag: "{tag}") {{ value }} }}')
    while counts(port, tag)[0] < 3:
        ws.recv_json()
    ws.abort()
    assert wait_until(lambda: counts(port, tag) == (0, 3, 3)), counts(port, tag)


@check
def ws_close_codes(port: int) -> None:
    def closed_with(ws: WebSocket) -> tuple[int, str]:
        while True:
            kind, value = ws.recv()
            if kind == "close":
                ws.sock.close()
                return value
            assert kind == "text", (kind, value)

    ws = WebSocket(port)
    subscribe(ws, "1", "{ hello }")
    assert closed_with(ws) == (4401, "Unauthorized")
    ws = WebSocket(port)
    ws.init()
    ws.send({"type": "connection_init"})
    assert closed_with(ws) == (4429, "Too many initialisation requests")
    ws = WebSocket(port)
    ws.init()
    subscribe(ws, "dup", "subscription { countdown(from: 1000, delayMs: 50) { value } }")
    subscribe(ws, "dup", "subscription { countdown(from: 1000, delayMs: 50) { value } }")
    assert closed_with(ws) == (4409, "Subscriber for dup already exists")
    for bad in ("not json", '{"no": "type"}', '{"type": "next", "id": "1", "payload": {}}', '{"type": "subscribe", "id": "1"}'):
        ws = WebSocket(port)
        ws.init()
        ws.send_text(bad)
        code, _ = closed_with(ws)
        assert code == 4400, (bad, code)
    ws = WebSocket(port, subprotocol=None)
    assert closed_with(ws) == (4406, "Subprotocol not acceptable")
    ws = WebSocket(port, path="/graphql?initTimeoutMs=150")
    started = time.monotonic()
    assert closed_with(ws) == (4408, "Connection initialisation timeout")
    assert time.monotonic() - started >= 0.14
    ws = WebSocket(port)
    ws.send({"type": "connection_init", "payload": {"reject": True}})
    assert closed_with(ws) == (4403, "Forbidden")


@check
def ws_many_subscriptions_on_one_connection(port: int) -> None:
    ws = WebSocket(port)
    ws.init()
    total = 200
    for i in range(total):
        subscribe(ws, f"m{i}", "subscription { countdown(from: 3, delayMs: 10) { value } }")
    ticks: dict[str, list[int]] = {f"m{i}": [] for i in range(total)}
    completed = set()
    while len(completed) < total:
        message = ws.recv_json()
        if message["type"] == "next":
            ticks[message["id"]].append(message["payload"]["data"]["countdown"]["value"])
        elif message["type"] == "complete":
            completed.add(message["id"])
        else:
            raise AssertionError(message)
    assert all(values == [3, 2, 1] for values in ticks.values())
    ws.close()


@check
def ws_drop_cuts_the_socket(port: int) -> None:
    ws = WebSocket(port, path="/ws-drop?after=3")
    ws.init()
    subscribe(ws, "1", "subscription { countdown(from: 10, delayMs: 10) { value } }")
    assert ws.recv_json()["type"] == "next" and ws.recv_json()["type"] == "next"
    kind, _ = ws.recv(timeout=5)
    assert kind == "eof", kind
    assert all(opcode != 0x8 for _, opcode, _, _ in ws.frames), ws.frames


@check
def ws_frames_scripts(port: int) -> None:
    ws = WebSocket(port, path="/ws-frames?fragment=4")
    ack = ws.init()
    assert ack == {"type": "connection_ack"}
    assert [(fin, opcode) for fin, opcode, _, _ in ws.frames[:2]] == [(False, 0x1), (False, 0x0)], ws.frames[:3]
    assert ws.frames[len(ws.frames) - 1][0] is True
    ws.close()
    ws = WebSocket(port, path="/ws-frames?ping=1")
    assert ws.init() == {"type": "connection_ack"} and ws.pings == 1
    ws.close()
    ws = WebSocket(port, path="/ws-frames?mask=1")
    assert ws.init() == {"type": "connection_ack"} and ws.frames[-1][2] is True
    ws.close()
    ws = WebSocket(port, path="/ws-frames?closeAfter=2&closeCode=4321&closeReason=bye")
    ws.init()
    subscribe(ws, "1", "subscription { countdown(from: 5) { value } }")
    assert ws.recv_json()["type"] == "next"
    assert ws.recv() == ("close", (4321, "bye"))
    ws.sock.close()


# Fault routes


def raw_request(port: int, text: str) -> bytes:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(text.encode())
    received = b""
    try:
        while chunk := sock.recv(65536):
            received += chunk
    except ConnectionResetError:
        received += b"<reset>"
    sock.close()
    return received


@check
def fault_routes(port: int) -> None:
    reply = http(port, "GET", "/status/500")
    assert reply.status == 500 and reply.content_type.startswith("application/json") and reply.json()["status"] == 500
    reply = http(port, "POST", "/status/502", body={"query": "{ hello }"})
    assert reply.status == 502 and reply.content_type.startswith("text/plain") and b"502" in reply.body
    reply = http(port, "GET", "/status/503?body=text")
    assert reply.status == 503 and reply.content_type.startswith("text/plain")
    reply = http(port, "POST", "/truncated", body={"query": "{ hello }"})
    assert reply.status == 200 and reply.content_type.startswith("application/json")
    assert int(reply.headers["content-length"]) == len(reply.body) > 10
    try:
        json.loads(reply.body)
        raise AssertionError("truncated body parsed")
    except ValueError:
        pass
    raw = raw_request(port, "GET /truncated?incomplete=1 HTTP/1.1\r\nHost: x\r\n\r\n")
    head, _, body = raw.partition(b"\r\n\r\n")
    length = int([l for l in head.split(b"\r\n") if l.lower().startswith(b"content-length")][0].split(b":")[1])
    assert length == 2 * len(body), (length, len(body))
    reply = http(port, "GET", "/not-json")
    assert reply.status == 200 and reply.content_type.startswith("application/json") and reply.body.startswith(b"<!DOCTYPE")
    assert raw_request(port, "POST /drop HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}") == b""
    assert raw_request(port, "GET /drop?reset=1 HTTP/1.1\r\nHost: x\r\n\r\n") in (b"", b"<reset>")
    assert graphql(port, "{ hello }").json()["data"]["hello"] == "Hello, world!"  # still serving


def main() -> int:
    only = sys.argv[sys.argv.index("-k") + 1] if "-k" in sys.argv else None
    server = Server()
    passed = failed = 0
    started = time.monotonic()
    for name, function in CHECKS:
        if only and only not in name:
            continue
        began = time.monotonic()
        try:
            function(server.port)
        except Exception:  # noqa: BLE001 - every failure is reported, then the next check runs
            failed += 1
            print(f"FAIL {name}\n{traceback.format_exc()}", flush=True)
        else:
            passed += 1
            print(f"ok   {name} ({time.monotonic() - began:.2f} s)", flush=True)
    exit_code = server.close_stdin_and_wait(5)
    if exit_code is None:
        failed += 1
        print("FAIL server_exits_at_stdin_eof: still running 5 s after stdin closed")
    else:
        passed += 1
        print("ok   server_exits_at_stdin_eof")
    stderr = server.process.stderr.read().decode(errors="replace")  # type: ignore[union-attr]
    if stderr.strip():
        print(f"server stderr:\n{stderr}")
    print(f"({time.monotonic() - started:.1f} s)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
