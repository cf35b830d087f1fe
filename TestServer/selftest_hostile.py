"""selftest checks: the hostile routes (redirects, interim responses, trailers, fixed bodies), and
subscription events that fail at their root and let the stream go on."""

from __future__ import annotations

import json
import socket
import time

from selftest_client import Stream, WebSocket, check, http, sse_events


def raw_exchange(port: int, path: str) -> bytes:
    """Sends a POST of `{hello}` and reads until the server closes the connection."""
    body = b'{"query":"{hello}"}'
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n".encode()
            + f"Content-Length: {len(body)}\r\n\r\n".encode()
            + body
        )
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    return received


@check
def redirects_name_their_location(port: int) -> None:
    for code in (301, 302, 303, 307, 308):
        reply = http(port, "POST", f"/redirect/{code}?to=http://localhost:{port}/graphql", body={"query": "{hello}"})
        assert reply.status == code, (code, reply.status)
        assert reply.headers["location"] == f"http://localhost:{port}/graphql", reply.headers
        assert reply.body == f"{code}: moved to http://localhost:{port}/graphql\n".encode(), reply.body
    reply = http(port, "GET", "/redirect/303?to=/graphql&query=%7Bhello%7D")
    assert reply.headers["location"] == "/graphql?query=%7Bhello%7D", reply.headers
    assert http(port, "GET", "/redirect/304").status == 400


@check
def interim_heads_come_before_the_final_one(port: int) -> None:
    received = raw_exchange(port, "/interim?codes=100,103")
    heads = received.split(b"\r\n\r\n")
    assert heads[0] == b"HTTP/1.1 100 Continue", heads
    assert heads[1].startswith(b"HTTP/1.1 103 Early Hints\r\nLink: "), heads
    assert heads[2].startswith(b"HTTP/1.1 200 OK\r\n"), heads
    assert json.loads(heads[3]) == {"data": {"hello": "Hello, world!"}}, heads


@check
def a_chunked_body_ends_with_a_trailer_field(port: int) -> None:
    received = raw_exchange(port, "/trailer")
    head, _, chunked = received.partition(b"\r\n\r\n")
    assert b"Transfer-Encoding: chunked" in head and b"Trailer: X-Checksum" in head, head
    body, rest = b"", chunked
    while True:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line, 16)
        if size == 0:
            break
        body, rest = body + rest[:size], rest[size + 2 :]
    assert json.loads(body) == {"data": {"hello": "Hello, world!"}}, body
    assert rest == b"X-Checksum: 5d41402a\r\n\r\n", rest


@check
def fixed_bodies_are_served_as_named(port: int) -> None:
    assert http(port, "POST", "/fixed/data-null", body={}).json() == {"data": None}
    assert http(port, "GET", "/fixed/extensions-list").json()["extensions"] == ["not", "an", "object"]
    assert http(port, "GET", "/fixed/extensions-string").json()["extensions"] == "cost: 3"
    reply = http(port, "GET", "/fixed/multipart-errors-first")
    assert reply.headers["content-type"] == 'multipart/mixed; boundary="-"', reply.headers
    first = reply.body.split(b"\r\n---")[1].split(b"\r\n\r\n", 1)[1]
    assert json.loads(first)["errors"][0]["extensions"]["code"] == "FIRST_PART_FAILED", first
    assert reply.body.endswith(b"\r\n-----\r\n"), reply.body
    assert http(port, "GET", "/fixed/nope").status == 404


SSE = "text/event-stream"
ROOT_FAILING = "subscription { rootFailingCountdown(from: 4, failAt: 2) { value } }"


@check
def a_tick_failing_at_the_root_is_one_event_over_sse(port: int) -> None:
    events = sse_events(Stream(port, "/graphql", {"query": ROOT_FAILING}, SSE).read_all())
    assert [kind for kind, _ in events] == ["next"] * 4 + ["complete"], events
    payloads = [json.loads(data) for _, data in events[:4]]
    assert [p["data"] and p["data"]["rootFailingCountdown"]["value"] for p in payloads] == [4, 3, None, 1], payloads
    assert payloads[2]["data"] is None and payloads[2]["errors"][0]["extensions"]["code"] == "TICK_FAILED", payloads


@check
def a_tick_failing_at_the_root_is_one_event_over_websocket(port: int) -> None:
    ws = WebSocket(port)
    ws.init()
    ws.send({"id": "r", "type": "subscribe", "payload": {"query": ROOT_FAILING}})
    messages = [ws.recv_json() for _ in range(5)]
    assert [m["type"] for m in messages] == ["next"] * 4 + ["complete"], messages
    assert messages[2]["payload"]["data"] is None, messages[2]
    assert messages[2]["payload"]["errors"][0]["path"] == ["rootFailingCountdown"], messages[2]
    assert messages[3]["payload"]["data"] == {"rootFailingCountdown": {"value": 1}}, messages[3]
    ws.close()


@check
def huge_and_trickling_bodies(port: int) -> None:
    reply = http(port, "GET", "/huge?bytes=3000000")
    assert reply.headers["content-length"] == "3000000" and len(reply.body) == 3_000_000, reply.headers
    assert len(json.loads(reply.body)["data"]["blob"]) == 3_000_000 - len('{"data":{"blob":""}}')
    reply = http(port, "GET", "/huge-multipart?bytes=3000000&parts=3")
    assert reply.headers["content-type"] == 'multipart/mixed; boundary="-"', reply.headers
    head = b"\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
    assert reply.body.startswith(head) and reply.body.endswith(b"\r\n-----\r\n"), reply.body[:80]
    parts = [json.loads(part) for part in reply.body[len(head) : -len(b"\r\n-----\r\n")].split(head)]
    assert [(part["data"]["part"], part["hasNext"]) for part in parts] == [(0, True), (1, True), (2, False)], parts
    assert all(len(part["data"]["blob"]) == 1_000_000 - 64 for part in parts), [len(p["data"]["blob"]) for p in parts]
    started = time.monotonic()
    reply = http(port, "GET", "/trickle?ms=10&bytes=40")
    assert time.monotonic() - started >= 0.35, time.monotonic() - started
    assert reply.body == b'{"data":{"hello":"Hello, world!"}}' + b" " * 6, reply.body
