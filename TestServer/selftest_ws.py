"""selftest checks: GraphQL over WebSocket (graphql-transport-ws) and the WebSocket fault routes."""

from __future__ import annotations

import socket
import time
from typing import Any

from selftest_client import WebSocket, check, counts, graphql, wait_until


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


@check
def ws_pings_are_counted_per_tag(port: int) -> None:
    tag = "ws-pings"
    ws = WebSocket(port, path=f"/graphql?tag={tag}")
    ws.init()
    for _ in range(3):
        ws.send({"type": "ping"})
        assert ws.recv_json() == {"type": "pong"}
    pings = graphql(port, f'{{ webSocketPings(tag: "{tag}") }}').json()
    assert pings == {"data": {"webSocketPings": 3}}, pings
    ws.close()


@check
def ws_silent_stops_answering(port: int) -> None:
    ws = WebSocket(port, path="/ws-silent?after=2")
    ws.init()
    subscribe(ws, "1", "subscription { countdown(from: 10, delayMs: 10) { value } }")
    assert ws.recv_json()["type"] == "next"
    ws.send({"type": "ping"})
    ws.sock.settimeout(0.3)
    try:
        extra = ws.sock.recv(100)
        assert False, f"the silent server sent {extra!r}"
    except socket.timeout:
        pass
    ws.sock.close()


@check
def ws_flood_sends_every_message_then_completes(port: int) -> None:
    ws = WebSocket(port, path="/ws-flood?count=300&size=10")
    ws.init()
    subscribe(ws, "f", "subscription { countdown(from: 1) { value note } }")
    messages = [ws.recv_json() for _ in range(301)]
    assert [m["payload"]["data"]["countdown"]["value"] for m in messages[:300]] == list(range(300)), messages[:3]
    assert messages[0]["payload"]["data"]["countdown"]["note"] == "x" * 10, messages[0]
    assert messages[300] == {"id": "f", "type": "complete"}, messages[300]
    ws.close()
