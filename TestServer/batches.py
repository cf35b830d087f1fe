"""Routes for persisted documents and batches.

- `/persisted/graphql?key=K&manifest=PATH`: runs only documents registered in the manifest at PATH
  (Apollo's format, as `baton generate` writes it) by their id, carried in `documentId`, `doc_id` or
  `id` (POST body or GET parameter). A request with a `query` is refused (400,
  `PERSISTED_QUERY_TEXT_REFUSED`); an unknown id is answered `PERSISTED_DOCUMENT_NOT_FOUND`.
  `/wire-counts` shows each request's text (always empty here) and `member=id` in `documents`.
- `/batch?key=K&fail=N&drop=1&short=1&manifest=PATH&realm=R`: a JSON array body is a batch: each element runs
  as its own request (by its text, or by its id when `manifest` is given) and the answer is the array
  of their responses in order. The first N batches (default 0) are dropped (`drop=1`: the connection
  closed with no response) or answered 503; `short=1` answers one response too few; with `realm`, a
  batch without `Authorization: Bearer <R's token>` (as /auth/graphql) is answered 401. A body that is
  not an array is served as /graphql serves it. `/wire-counts` shows each batch's size in `batches`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

import faults
import http_graphql
import wire
from execution import (
    BadRequest,
    ExperimentalIncrementalExecutionResults,
    Params,
    RequestErrors,
    encode,
    execute,
    format_result,
    params_from_object,
    prepare,
)

ID_MEMBERS = ("documentId", "doc_id", "id")


class Refused(Exception):
    def __init__(self, code: str, message: str, status: int) -> None:
        super().__init__(message)
        self.body = {"errors": [{"message": message, "extensions": {"code": code}}]}
        self.status = status


def manifest(path: str) -> dict[str, str]:
    """The manifest's bodies by id; read at each request, so a test may rewrite it."""
    try:
        operations = json.loads(Path(path).read_text())["operations"]
        return {str(entry["id"]): str(entry["body"]) for entry in operations}
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise Refused("BAD_MANIFEST", f"cannot read the manifest {path}: {error}", 500) from error


def by_document_id(raw: dict[str, Any], key: str, manifest_path: str) -> Params:
    """The parameters of a request that names a registered document, its text found by id."""
    wire.QUERIES[key].append(str(raw.get("query", "")))
    if "query" in raw:
        raise Refused("PERSISTED_QUERY_TEXT_REFUSED", "This endpoint runs only registered documents, by id", 400)
    member = next((name for name in ID_MEMBERS if name in raw), None)
    if member is None:
        raise Refused("BAD_REQUEST", "The request names no document (documentId, doc_id or id)", 400)
    document_id = str(raw[member])
    wire.DOCUMENTS[key].append(f"{member}={document_id}")
    body = manifest(manifest_path).get(document_id)
    if body is None:
        raise Refused("PERSISTED_DOCUMENT_NOT_FOUND", f"No registered document has the id {document_id}", 200)
    return params_from_object({**{k: v for k, v in raw.items() if k not in ID_MEMBERS}, "query": body})


async def persisted(request: Request) -> Response:
    key = request.query_params.get("key", "")
    wire.REQUESTS[key] += 1
    wire.METHODS[key].append(request.method)
    try:
        if request.method == "GET":
            raw: Any = dict(request.query_params)
            for name in ("key", "manifest"):
                raw.pop(name, None)
            for name in ("variables", "extensions"):
                if name in raw:
                    raw[name] = json.loads(raw[name])
        else:
            raw = json.loads(await request.body() or b"{}")
        if not isinstance(raw, dict):
            raise Refused("BAD_REQUEST", "The body is not a JSON object", 400)
        params = by_document_id(raw, key, request.query_params.get("manifest", ""))
    except ValueError:
        return Response(encode({"errors": [{"message": "not JSON"}]}), status_code=400, media_type="application/json")
    except Refused as refused:
        return Response(encode(refused.body), status_code=refused.status, media_type="application/json")
    except BadRequest as error:
        return Response(encode({"errors": [{"message": str(error)}]}), status_code=400, media_type="application/json")
    return await http_graphql.handle(request, params=params)


async def run_one(request: Request, raw: Any, key: str) -> dict[str, Any]:
    """One element of a batch, run as its own request; its response map."""
    try:
        if "manifest" in request.query_params and isinstance(raw, dict):
            params = by_document_id(raw, key, request.query_params["manifest"])
        else:
            wire.QUERIES[key].append(str(raw.get("query", "")) if isinstance(raw, dict) else "")
            params = params_from_object(raw)
        operation = prepare(params, http_graphql.request_context(request))
        if operation.kind == "subscription":
            return {"errors": [{"message": "A subscription cannot be batched"}]}
        outcome = await execute(operation)
    except Refused as refused:
        return refused.body
    except BadRequest as error:
        return {"errors": [{"message": str(error)}]}
    except RequestErrors as errors:
        return errors.body
    if isinstance(outcome, ExperimentalIncrementalExecutionResults):
        await outcome.subsequent_results.aclose()
        return {"errors": [{"message": "@defer and @stream cannot be batched"}]}
    return format_result(outcome)


async def batch(request: Request) -> Response:
    key = request.query_params.get("key", "")
    wire.REQUESTS[key] += 1
    wire.METHODS[key].append(request.method)
    try:
        body: Any = json.loads(await request.body() or b"{}") if request.method == "POST" else None
    except ValueError:
        body = None
    if not isinstance(body, list):
        wire.BATCHES[key].append(0)
        return await http_graphql.handle(request)
    wire.BATCHES[key].append(len(body))
    realm = request.query_params.get("realm")
    if realm is not None and request.headers.get("authorization") != f"Bearer {wire.token_of(realm)}":
        wire.REFUSED[key] += 1
        return Response(b"401 Unauthorized\n", status_code=401, media_type="text/plain")
    if len(wire.BATCHES[key]) <= faults.int_param(request, "fail", 0):
        if request.query_params.get("drop") == "1":
            await faults.close_connection(request, reset=False)
            return Response(b"")  # never sent: the connection is gone
        return Response(encode({"error": "the batch failed on purpose"}), status_code=503, media_type="application/json")
    answers = [await run_one(request, element, key) for element in body]
    if request.query_params.get("short") == "1":
        answers = answers[:-1]
    return Response(encode(answers), media_type="application/json")


ROUTES = [
    Route("/persisted/graphql", persisted, methods=["GET", "POST"]),
    Route("/batch", batch, methods=["GET", "POST"]),
]
