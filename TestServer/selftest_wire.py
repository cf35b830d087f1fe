"""Checks of wire.py's routes: flaky answers, dropped connections, refreshable tokens, counts."""

from __future__ import annotations

import hashlib
import http.client as httpclient
import json
import urllib.parse
import uuid

from selftest_client import check, graphql, http


def wire_counts(port: int, key: str) -> dict:
    return json.loads(http(port, "GET", f"/wire-counts?key={key}").body)["data"]


@check
def flaky_fails_then_answers_with_retry_after(port: int) -> None:
    key = uuid.uuid4().hex
    path = f"/flaky?key={key}&fail=2&status=429&retryAfter=3"
    for _ in range(2):
        reply = graphql(port, "{ hello }", path=path)
        assert reply.status == 429 and reply.headers.get("retry-after") == "3", (reply.status, reply.headers)
    assert graphql(port, "{ hello }", path=path).json() == {"data": {"hello": "Hello, world!"}}
    counts = wire_counts(port, key)
    assert counts["requests"] == 3 and counts["queries"] == ["{ hello }"] * 3, counts


@check
def flaky_drops_the_connection(port: int) -> None:
    key = uuid.uuid4().hex
    try:
        graphql(port, "{ hello }", path=f"/flaky?key={key}&drop=1")
    except (httpclient.RemoteDisconnected, ConnectionError):
        pass
    else:
        raise AssertionError("the first request was answered")
    assert graphql(port, "{ hello }", path=f"/flaky?key={key}&drop=1").json() == {"data": {"hello": "Hello, world!"}}


@check
def auth_refuses_a_stale_token_and_rotates(port: int) -> None:
    realm = uuid.uuid4().hex
    path = f"/auth/graphql?realm={realm}"
    assert graphql(port, "{ hello }", path=path, headers={"Authorization": "Bearer old"}).status == 401
    coded = graphql(port, "{ hello }", path=path + "&style=code", headers={"Authorization": "Bearer old"}).json()
    assert coded["data"] is None and coded["errors"][0]["extensions"]["code"] == "UNAUTHENTICATED", coded
    ok = graphql(port, "{ hello }", path=path, headers={"Authorization": f"Bearer {realm}-1"}).json()
    assert ok == {"data": {"hello": "Hello, world!"}}, ok
    assert http(port, "POST", f"/auth/rotate?realm={realm}").body.decode() == f"{realm}-2"
    assert graphql(port, "{ hello }", path=path, headers={"Authorization": f"Bearer {realm}-1"}).status == 401
    counts = wire_counts(port, realm)
    assert counts["requests"] == 4 and counts["refused"] == 3, counts


@check
def apq_misses_registers_and_runs_by_hash(port: int) -> None:
    key = uuid.uuid4().hex
    query = "{ hello(name: \"" + key + "\") }"
    digest = hashlib.sha256(query.encode()).hexdigest()
    hashed = {"extensions": {"persistedQuery": {"version": 1, "sha256Hash": digest}}}
    miss = http(port, "POST", f"/apq?key={key}", hashed, {"Accept": "application/json"})
    assert miss.status == 200 and miss.json()["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_NOT_FOUND", miss.body
    assert miss.headers.get("cache-control") == "no-store", miss.headers
    wrong = http(port, "POST", f"/apq?key={key}", {"query": "{ hello }", **hashed}, {"Accept": "application/json"})
    assert wrong.status == 400 and wrong.json()["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_SHA_MISMATCH"
    registered = http(port, "POST", f"/apq?key={key}", {"query": query, **hashed}, {"Accept": "application/json"})
    assert registered.json() == {"data": {"hello": f"Hello, {key}!"}}, registered.body
    extensions = urllib.parse.quote(json.dumps(hashed["extensions"]))
    by_get = http(port, "GET", f"/apq?key={key}&extensions={extensions}", None, {"Accept": "application/json"})
    assert by_get.json() == {"data": {"hello": f"Hello, {key}!"}}, by_get.body
    off = http(port, "POST", f"/apq?key={key}&supported=0", hashed, {"Accept": "application/json"})
    assert off.json()["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_NOT_SUPPORTED", off.body
    counts = wire_counts(port, key)
    assert counts["methods"] == ["POST", "POST", "POST", "GET", "POST"], counts
