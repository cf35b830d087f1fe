"""GraphQL over HTTP on /graphql (and, delayed, /slow): POST and GET, JSON, multipart and SSE,
and multipart/form-data requests with uploads (uploads.py).

Status codes follow the GraphQL-over-HTTP spec for both media types:
- `application/graphql-response+json`: 400 for a request error (syntax, validation, variables,
  unknown operation), 200 once execution started (even with `data: null`).
- `application/json`: 200 for every GraphQL response, 400 only for a request that is not
  well-formed GraphQL-over-HTTP (bad JSON body, no query).
Either way: 405 for a mutation over GET, 406 when no offered media type is acceptable,
415 for a POST body that is not application/json.
"""

from __future__ import annotations

import asyncio
import gzip
import json
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

import incremental
import sse
import uploads
from execution import (
    BadRequest,
    ExperimentalIncrementalExecutionResults,
    Operation,
    Params,
    RequestErrors,
    connection_context,
    encode,
    execute,
    format_result,
    params_from_object,
    params_from_query_string,
    SCHEMA,
    prepare,
)

uploads.attach(SCHEMA)

GRAPHQL_RESPONSE_JSON = "application/graphql-response+json"
JSON = "application/json"
MULTIPART = "multipart/mixed"
EVENT_STREAM = "text/event-stream"
GZIP_THRESHOLD = 1024


@dataclass
class Negotiated:
    """What the client's Accept header lets us send."""

    json_type: str | None  # the JSON media type for single responses, when any is acceptable
    multipart: bool
    event_stream: bool


def negotiate(accept: str | None) -> Negotiated:
    """Picks media types from Accept (q-values honoured; no header means application/json)."""
    if not accept:
        return Negotiated(JSON, False, False)
    weights: dict[str, float] = {}
    for item in accept.split(","):
        fields = [f.strip() for f in item.split(";")]
        media = fields[0].lower()
        quality = 1.0
        for parameter in fields[1:]:
            name, _, value = parameter.partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        weights[media] = max(quality, weights.get(media, 0.0))

    def weight(media: str) -> float:
        kind = media.split("/")[0]
        return max(weights.get(media, 0.0), weights.get(f"{kind}/*", 0.0), weights.get("*/*", 0.0))

    json_choices = [(weight(GRAPHQL_RESPONSE_JSON), 1, GRAPHQL_RESPONSE_JSON), (weight(JSON), 0, JSON)]
    best = max(json_choices)
    return Negotiated(
        json_type=best[2] if best[0] > 0 else None,
        multipart=weights.get(MULTIPART, 0.0) > 0,
        event_stream=weights.get(EVENT_STREAM, 0.0) > 0 and weight(EVENT_STREAM) >= best[0],
    )


def json_response(request: Request, body: Any, status: int, media_type: str) -> Response:
    """A single JSON response, gzip'd when large and the client accepts gzip."""
    data = encode(body)
    headers: dict[str, str] = {}
    if len(data) > GZIP_THRESHOLD and "gzip" in request.headers.get("accept-encoding", "").lower():
        data = gzip.compress(data, compresslevel=5)
        headers["Content-Encoding"] = "gzip"
        headers["Vary"] = "Accept-Encoding"
    return Response(data, status_code=status, media_type=f"{media_type}; charset=utf-8", headers=headers)


def problem(request: Request, status: int, message: str, media_type: str = JSON, **headers: str) -> Response:
    response = json_response(request, {"errors": [{"message": message}]}, status, media_type)
    response.headers.update(headers)
    return response


async def read_params(request: Request, default_query: str | None) -> Params:
    if request.method == "GET":
        values = dict(request.query_params)
        if default_query is not None:
            values.setdefault("query", default_query)
        return params_from_query_string(values)
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type == uploads.MULTIPART_FORM:
        return await uploads.read_params(request)
    if content_type not in (JSON, GRAPHQL_RESPONSE_JSON, ""):
        raise UnsupportedMediaType(content_type)
    raw = await request.body()
    try:
        body = json.loads(raw)
    except ValueError as error:
        raise BadRequest(f"The request body is not valid JSON: {error}") from error
    return params_from_object(body)


class UnsupportedMediaType(Exception):
    pass


def request_context(request: Request) -> dict[str, Any]:
    return {
        "headers": {k.lower(): v for k, v in request.headers.items()},
        "transport": "http",
        **connection_context(request.scope),
    }


async def handle(
    request: Request, delay_ms: int = 0, cut_after: int | None = None, default_query: str | None = None,
    params: Params | None = None,
) -> Response:
    """Serves one GraphQL-over-HTTP request.

    `cut_after` cuts a streamed response after that many parts or events; `default_query` is used
    by a GET that names no query; `params`, when given, are the request's parameters as a route
    read them (a persisted query's text found by its hash).
    """
    if delay_ms > 0:
        await asyncio.sleep(min(delay_ms, 60_000) / 1000)
    accepts = negotiate(request.headers.get("accept"))
    json_type = accepts.json_type or JSON
    if accepts.json_type is None and not accepts.multipart and not accepts.event_stream:
        return problem(request, 406, f"Cannot answer with any of: {request.headers.get('accept')}")
    try:
        if params is None:
            params = await read_params(request, default_query)
    except UnsupportedMediaType as error:
        return problem(request, 415, f"Unsupported Content-Type '{error}'; send application/json", json_type)
    except BadRequest as error:
        return problem(request, 400, str(error), json_type)

    try:
        operation = prepare(params, request_context(request))
    except RequestErrors as errors:
        if accepts.event_stream:
            return streaming(sse.event_stream(errors), sse.CONTENT_TYPE, sse.HEADERS)
        status = 400 if json_type == GRAPHQL_RESPONSE_JSON else 200
        return json_response(request, errors.body, status, json_type)

    if request.method == "GET" and operation.kind != "query":
        return problem(request, 405, f"A {operation.kind} cannot be sent with GET; use POST", json_type, Allow="POST")
    if accepts.event_stream:
        return streaming(sse.event_stream(operation, cut_after), sse.CONTENT_TYPE, sse.HEADERS)
    if operation.kind == "subscription":
        return json_response(
            request,
            {"errors": [{"message": "Subscriptions are served over text/event-stream (Accept) or WebSocket"}]},
            400 if json_type == GRAPHQL_RESPONSE_JSON else 200,
            json_type,
        )
    return await single_or_multipart(request, operation, accepts, json_type, cut_after)


async def single_or_multipart(
    request: Request, operation: Operation, accepts: Negotiated, json_type: str, cut_after: int | None
) -> Response:
    try:
        outcome = await execute(operation)
    except RequestErrors as errors:
        return json_response(request, errors.body, 400 if json_type == GRAPHQL_RESPONSE_JSON else 200, json_type)
    if isinstance(outcome, ExperimentalIncrementalExecutionResults):
        if not accepts.multipart:
            await outcome.subsequent_results.aclose()
            return problem(
                request, 406, "@defer/@stream need Accept: multipart/mixed (or text/event-stream)", json_type
            )
        legacy = request.query_params.get("format") == "legacy"
        body = incremental.multipart_body(outcome, legacy, cut_after)
        return streaming(body, incremental.CONTENT_TYPE, {"Cache-Control": "no-cache"})
    return json_response(request, format_result(outcome), 200, json_type)


def streaming(body: Any, content_type: str, headers: dict[str, str]) -> StreamingResponse:
    """A response flushed chunk by chunk; never compressed. The client disconnecting cancels `body`."""
    response = StreamingResponse(body, headers=headers)
    response.headers["Content-Type"] = content_type
    return response
