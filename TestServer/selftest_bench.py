"""selftest checks for benchmarks: the /payload route and the latency of a reused connection."""

from __future__ import annotations

import http.client as httpclient
import time

from selftest_client import GQL_JSON, check, http

# The first two items exactly as /work/shared/bench/PAYLOAD.md specifies them.
FIRST_ITEMS = (
    b'{"data":{"items":[{"__typename":"Item","id":"item-0","name":"Item number 0",'
    b'"description":"A moderately long description string for item 0 used in benchmarks",'
    b'"count":0,"price":0.5,"active":true,"createdAt":"2024-01-10T12:34:56Z","rating":0.0,'
    b'"code":"C0X","score":0,"flag":true,"owner":{"__typename":"User","id":"user-0","name":"Owner 0"}},'
    b'{"__typename":"Item","id":"item-1","name":"Item number 1",'
    b'"description":"A moderately long description string for item 1 used in benchmarks",'
    b'"count":7,"price":1.75,"active":false,"createdAt":"2024-01-11T12:34:56Z","rating":0.1,'
    b'"code":"C1X","score":1,"flag":false,"owner":{"__typename":"User","id":"user-1","name":"Owner 1"}}'
)


@check
def payload_route_serves_the_benchmark_bytes(port: int) -> None:
    reply = http(port, "GET", "/payload?n=2")
    assert reply.status == 200 and reply.content_type == GQL_JSON, (reply.status, reply.content_type)
    assert reply.body == FIRST_ITEMS + b"]}}", reply.body
    assert http(port, "GET", "/payload?n=0").body == b'{"data":{"items":[]}}'
    # Sizes the Swift generator (Sources/baton-bench/BenchmarkPayload.swift) produces.
    for items, size in ((1_000, 341_868), (10_000, 3_498_449)):
        reply = http(port, "POST", f"/payload?n={items}", body={"query": "{ items { id } }"})
        assert reply.status == 200 and len(reply.body) == size, (items, reply.status, len(reply.body))
        assert reply.body.startswith(FIRST_ITEMS) and "content-encoding" not in reply.headers
        last = items - 1
        assert reply.body.endswith(f'"owner":{{"__typename":"User","id":"user-{last}","name":"Owner {last}"}}}}]}}}}'.encode())
    for bad in ("", "?n=-1", "?n=x", "?n=100001", "?n=%C2%B2"):
        assert http(port, "GET", f"/payload{bad}").status == 400, bad


@check
def reused_connection_answers_without_delayed_ack_stalls(port: int) -> None:
    # A response written as head then body on a socket with Nagle's algorithm on waits for the
    # client's delayed ACK: about 40 ms per request on a kept-alive connection.
    connection = httpclient.HTTPConnection("127.0.0.1", port, timeout=30)
    timings = []
    for _ in range(21):
        began = time.monotonic()
        connection.request("GET", "/payload?n=0")
        response = connection.getresponse()
        assert response.status == 200 and response.read() == b'{"data":{"items":[]}}'
        timings.append(time.monotonic() - began)
    connection.close()
    median = sorted(timings[1:])[len(timings[1:]) // 2]
    assert median < 0.02, f"median {median * 1000:.1f} ms per request on a reused connection"
