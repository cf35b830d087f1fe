"""Routes for the production wire: failures a retrying client waits out, and credentials it refreshes.

- `/flaky?key=K&fail=N&status=S&retryAfter=T&drop=1`: the first N requests with key K (default 1)
  answer status S (default 503) with `Retry-After: T` when given, or, with `drop=1`, have their
  connection closed without a response; every later one is answered like /graphql.
- `/auth/graphql?realm=R&style=status|code`: answered like /graphql when `Authorization` is
  `Bearer <R's token>`; otherwise 401 (`style=status`, the default) or 200 with an error coded
  `UNAUTHENTICATED` and no data (`style=code`). The realm's token is `R-1` until `/auth/rotate`.
- `/auth/rotate?realm=R`: expires R's token and answers the new one as text (`R-2`, `R-3`, …).
- `/apq?key=K&supported=0`: Automatic Persisted Queries. A request whose
  `extensions.persistedQuery` has a `sha256Hash` and no `query` runs the text registered under
  that hash, or is answered 200 `PERSISTED_QUERY_NOT_FOUND` (`Cache-Control: no-store`); one with
  both registers the text when its SHA-256 is the hash, else 400 `PERSISTED_QUERY_SHA_MISMATCH`.
  With `supported=0` any request with a hash is answered `PERSISTED_QUERY_NOT_SUPPORTED`.
- `/wire-counts?key=K` (GET or POST, whatever the body): `{"data": {"requests": n, "refused": r,
  "queries": [...], "methods": [...]}}`, shaped as a GraphQL response so any client reads it: what arrived for a
  flaky key or an auth realm (`refused`: requests refused for their credentials; `queries`: each
  request's document, so a test can tell a mutation was sent once; `documents`: the document ids
  /persisted/graphql was sent, as `member=id`; `batches`: the size of each batch /batch received,
  0 for a request that was not one).
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

import faults
import http_graphql
from execution import BadRequest, Params, encode, params_from_object

REQUESTS: dict[str, int] = defaultdict(int)
REFUSED: dict[str, int] = defaultdict(int)
QUERIES: dict[str, list[str]] = defaultdict(list)
GENERATION: dict[str, int] = defaultdict(lambda: 1)
METHODS: dict[str, list[str]] = defaultdict(list)
PERSISTED: dict[str, str] = {}
DOCUMENTS: dict[str, list[str]] = defaultdict(list)
BATCHES: dict[str, list[int]] = defaultdict(list)


async def document_of(request: Request) -> str:
    if request.method == "GET":
        return request.query_params.get("query", "")
    try:
        body: Any = json.loads(await request.body() or b"{}")
    except ValueError:
        return ""
    return str(body.get("query", "")) if isinstance(body, dict) else ""


async def flaky(request: Request) -> Response:
    key = request.query_params.get("key", "")
    REQUESTS[key] += 1
    QUERIES[key].append(await document_of(request))
    if REQUESTS[key] <= faults.int_param(request, "fail", 1):
        if request.query_params.get("drop") == "1":
            await faults.close_connection(request, reset=False)
            return Response(b"")  # never sent: the connection is gone
        code = faults.int_param(request, "status", 503, low=400, high=599)
        headers = {}
        if "retryAfter" in request.query_params:
            headers["Retry-After"] = request.query_params["retryAfter"]
        body = {"error": "flaky", "status": code, "message": f"The server answered {code} on purpose"}
        return Response(encode(body), status_code=code, media_type="application/json", headers=headers)
    return await http_graphql.handle(request)


def apq_error(code: str, message: str, status: int = 200) -> Response:
    body = {"errors": [{"message": message, "extensions": {"code": code}}]}
    return Response(encode(body), status_code=status, media_type="application/json",
                    headers={"Cache-Control": "no-store"})


async def apq(request: Request) -> Response:
    key = request.query_params.get("key", "")
    REQUESTS[key] += 1
    METHODS[key].append(request.method)
    if request.method == "GET":
        raw: dict[str, Any] = {}
        for name in ("query", "operationName", "onError"):
            if name in request.query_params:
                raw[name] = request.query_params[name]
        for name in ("variables", "extensions"):
            if name in request.query_params:
                try:
                    raw[name] = json.loads(request.query_params[name])
                except ValueError:
                    return apq_error("BAD_REQUEST", f"{name} is not JSON", 400)
    else:
        try:
            raw = json.loads(await request.body() or b"{}")
        except ValueError:
            return apq_error("BAD_REQUEST", "the body is not JSON", 400)
    QUERIES[key].append(str(raw.get("query", "")))
    persisted = (raw.get("extensions") or {}).get("persistedQuery")
    if isinstance(persisted, dict):
        if request.query_params.get("supported") == "0":
            return apq_error("PERSISTED_QUERY_NOT_SUPPORTED", "PersistedQueryNotSupported")
        digest = str(persisted.get("sha256Hash", ""))
        if "query" not in raw:
            if digest not in PERSISTED:
                return apq_error("PERSISTED_QUERY_NOT_FOUND", "PersistedQueryNotFound")
            raw["query"] = PERSISTED[digest]
        elif hashlib.sha256(str(raw["query"]).encode()).hexdigest() != digest:
            return apq_error("PERSISTED_QUERY_SHA_MISMATCH", "provided sha does not match query", 400)
        else:
            PERSISTED[digest] = str(raw["query"])
    try:
        params: Params = params_from_object(raw)
    except BadRequest as error:
        return apq_error("BAD_REQUEST", str(error), 400)
    return await http_graphql.handle(request, params=params)


def token_of(realm: str) -> str:
    return f"{realm}-{GENERATION[realm]}"


async def auth_graphql(request: Request) -> Response:
    realm = request.query_params.get("realm", "")
    REQUESTS[realm] += 1
    QUERIES[realm].append(await document_of(request))
    if request.headers.get("authorization") != f"Bearer {token_of(realm)}":
        REFUSED[realm] += 1
        if request.query_params.get("style") == "code":
            error = {"message": "The token is not valid", "extensions": {"code": "UNAUTHENTICATED"}}
            return Response(encode({"errors": [error], "data": None}), media_type="application/json")
        return PlainTextResponse("401 Unauthorized: the token is not valid\n", status_code=401,
                                 headers={"WWW-Authenticate": 'Bearer realm="baton"'})
    return await http_graphql.handle(request)


async def auth_rotate(request: Request) -> Response:
    realm = request.query_params.get("realm", "")
    GENERATION[realm] += 1
    return PlainTextResponse(token_of(realm))


async def wire_counts(request: Request) -> Response:
    key = request.query_params.get("key", "")
    body = {"data": {"requests": REQUESTS[key], "refused": REFUSED[key], "queries": QUERIES[key],
                     "methods": METHODS[key], "documents": DOCUMENTS[key], "batches": BATCHES[key]}}
    return Response(encode(body), media_type="application/json")


ROUTES = [
    Route("/flaky", flaky, methods=["GET", "POST"]),
    Route("/auth/graphql", auth_graphql, methods=["GET", "POST"]),
    Route("/auth/rotate", auth_rotate, methods=["GET", "POST"]),
    Route("/apq", apq, methods=["GET", "POST"]),
    Route("/wire-counts", wire_counts, methods=["GET", "POST"]),
]
