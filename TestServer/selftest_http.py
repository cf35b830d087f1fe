"""selftest checks: GraphQL over HTTP (media types, status codes, errors, payloads) and the fault routes."""

from __future__ import annotations

import gzip
import json
import socket
import time
from typing import Any

from selftest_client import GQL_JSON, check, graphql, http


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
def on_error_parameter_is_reported(port: int) -> None:
    assert graphql(port, "{ requestOnError }", onError="NULL").json() == {"data": {"requestOnError": "NULL"}}
    assert graphql(port, "{ requestOnError }").json() == {"data": {"requestOnError": None}}
    reply = http(port, "GET", "/graphql?query=%7BrequestOnError%7D&onError=HALT", None,
                 {"Accept": "application/graphql-response+json"})
    assert reply.json() == {"data": {"requestOnError": "HALT"}}, reply.json()


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
