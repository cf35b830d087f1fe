"""selftest checks: incremental delivery over multipart and server-sent events."""

from __future__ import annotations

import json
import time

from selftest_client import GQL_JSON, Stream, check, counts, graphql, multipart_parts, sse_events, wait_until


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


@check
def multipart_disconnect_mid_stream(port: int) -> None:
    query = "{ hello numbers(count: 100000, delayMs: 10) @stream(initialCount: 0) }"
    stream = Stream(port, "/graphql", {"query": query}, MULTIPART_ACCEPT)
    while stream.body.count(b"\r\n---\r\n") < 3:
        assert stream.read_chunk(), "stream ended early"
    stream.close()
    sse = Stream(port, "/graphql", {"query": query}, "text/event-stream")
    while sse.body.count(b"event: next") < 3:
        assert sse.read_chunk(), "stream ended early"
    sse.close()
    time.sleep(0.1)
    assert graphql(port, "{ hello }").json()["data"]["hello"] == "Hello, world!"


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
