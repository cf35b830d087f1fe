"""Checks of batches.py's routes: documents run by id from a manifest, and batches."""

from __future__ import annotations

import hashlib
import http.client as httpclient
import json
import os
import tempfile
import urllib.parse
import uuid

from selftest_client import check, http
from selftest_wire import wire_counts

JSON = {"Accept": "application/json"}


def write_manifest(*bodies: str) -> str:
    operations = [{"id": hashlib.sha256(body.encode()).hexdigest(), "body": body, "name": "Op", "type": "query"}
                  for body in bodies]
    handle, path = tempfile.mkstemp(suffix=".json")
    with os.fdopen(handle, "w") as file:
        json.dump({"format": "apollo-persisted-query-manifest", "version": 1, "operations": operations}, file)
    return path


@check
def persisted_runs_documents_by_id_and_refuses_text(port: int) -> None:
    key = uuid.uuid4().hex
    body = "{ hello(name: \"" + key + "\") }"
    document_id = hashlib.sha256(body.encode()).hexdigest()
    path = write_manifest(body)
    route = f"/persisted/graphql?key={key}&manifest={urllib.parse.quote(path)}"
    for member in ("documentId", "doc_id", "id"):
        reply = http(port, "POST", route, {member: document_id}, JSON)
        assert reply.json() == {"data": {"hello": f"Hello, {key}!"}}, reply.body
    by_get = http(port, "GET", f"{route}&documentId={document_id}", None, JSON)
    assert by_get.json() == {"data": {"hello": f"Hello, {key}!"}}, by_get.body
    text = http(port, "POST", route, {"query": body}, JSON)
    assert text.status == 400 and text.json()["errors"][0]["extensions"]["code"] == "PERSISTED_QUERY_TEXT_REFUSED"
    unknown = http(port, "POST", route, {"documentId": "0" * 64}, JSON)
    assert unknown.json()["errors"][0]["extensions"]["code"] == "PERSISTED_DOCUMENT_NOT_FOUND", unknown.body
    counts = wire_counts(port, key)
    assert counts["documents"] == [f"documentId={document_id}", f"doc_id={document_id}", f"id={document_id}",
                                   f"documentId={document_id}", "documentId=" + "0" * 64], counts
    os.remove(path)


@check
def batch_answers_each_in_order_and_counts(port: int) -> None:
    key = uuid.uuid4().hex
    elements = [{"query": "query($n: String) { hello(name: $n) }", "variables": {"n": str(n)}} for n in range(3)]
    reply = http(port, "POST", f"/batch?key={key}", elements + [{"query": "{ nope }"}], JSON)
    answers = reply.json()
    assert [a.get("data") for a in answers[:3]] == [{"hello": f"Hello, {n}!"} for n in range(3)], answers
    assert "errors" in answers[3] and "data" not in answers[3], answers
    short = http(port, "POST", f"/batch?key={key}&short=1", elements, JSON).json()
    assert len(short) == 2, short
    single = http(port, "POST", f"/batch?key={key}", {"query": "{ hello }"}, JSON).json()
    assert single == {"data": {"hello": "Hello, world!"}}, single
    assert wire_counts(port, key)["batches"] == [4, 3, 0]


@check
def batch_fails_on_purpose(port: int) -> None:
    key = uuid.uuid4().hex
    elements = [{"query": "{ hello }"}] * 2
    failed = http(port, "POST", f"/batch?key={key}&fail=1", elements, JSON)
    assert failed.status == 503, failed.status
    assert len(http(port, "POST", f"/batch?key={key}&fail=1", elements, JSON).json()) == 2
    dropped = uuid.uuid4().hex
    try:
        http(port, "POST", f"/batch?key={dropped}&fail=1&drop=1", elements, JSON)
    except (httpclient.RemoteDisconnected, ConnectionError):
        pass
    else:
        raise AssertionError("the dropped batch was answered")


@check
def batch_refuses_a_stale_token(port: int) -> None:
    key = uuid.uuid4().hex
    realm = uuid.uuid4().hex
    elements = [{"query": "{ hello }"}] * 2
    refused = http(port, "POST", f"/batch?key={key}&realm={realm}", elements, {**JSON, "Authorization": "Bearer old"})
    assert refused.status == 401, refused.status
    fresh = {**JSON, "Authorization": f"Bearer {realm}-1"}
    assert len(http(port, "POST", f"/batch?key={key}&realm={realm}", elements, fresh).json()) == 2
    counts = wire_counts(port, key)
    assert counts["refused"] == 1 and counts["batches"] == [2, 2], counts
