"""Routes that fail on purpose, one way each, so a client's failure handling can be tested.

The TCP transport of the connection is reached through `scope["baton.transport"]`, which the
outermost ASGI layer (server.py) takes from the server's `send` before Starlette wraps it.
"""

from __future__ import annotations

import asyncio
import socket
import struct
from http import HTTPStatus
from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

import http_graphql
from execution import encode

DEFAULT_DEFER_QUERY = '{ hello ... @defer(label: "slow") { slow(ms: 50) } }'
DEFAULT_SUBSCRIPTION = "subscription { countdown(from: 5, delayMs: 20) { value note } }"


def transport_of(request: Request) -> Any:
    return request.scope.get("baton.transport")


async def close_connection(request: Request, reset: bool) -> None:
    """Closes the client's connection with no (further) response bytes; `reset` makes it an RST."""
    transport = transport_of(request)
    if transport is None:
        raise RuntimeError("the server's transport is not reachable from this route")
    if reset:
        sock = transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        transport.abort()
    else:
        transport.close()
    # Let the server see the connection gone, so it does not try to answer for us.
    await asyncio.sleep(0.05)


def int_param(request: Request, name: str, default: int, low: int = 0, high: int = 1_000_000) -> int:
    try:
        return max(low, min(high, int(request.query_params.get(name, default))))
    except ValueError:
        return default


async def status(request: Request) -> Response:
    """/status/{code}: that status with a JSON body (502: a text body); `?body=text|json` chooses."""
    code = int(request.path_params["code"])
    if not 200 <= code <= 599:
        return PlainTextResponse("status must be 200...599\n", status_code=400)
    reason = HTTPStatus(code).phrase if code in HTTPStatus._value2member_map_ else "Status"
    kind = request.query_params.get("body", "text" if code == 502 else "json")
    if kind == "text":
        return PlainTextResponse(f"{code} {reason}: upstream said no\n", status_code=code)
    body = {"error": reason, "status": code, "message": f"The server answered {code} on purpose"}
    return Response(encode(body), status_code=code, media_type="application/json; charset=utf-8")


def truncated_body() -> bytes:
    items = [{"id": f"item-{i}", "name": f"Item number {i}"} for i in range(8)]
    whole = encode({"data": {"hello": "Hello, world!", "items": items}})
    return whole[: len(whole) // 2]


async def truncated(request: Request) -> Response:
    """/truncated: 200, application/json, the first half of a JSON body, complete at the HTTP level.

    `?incomplete=1` instead announces the whole length and closes after half (an HTTP-level cut).
    """
    half = truncated_body()
    if request.query_params.get("incomplete") != "1":
        return Response(half, media_type="application/json; charset=utf-8")
    await request.body()
    transport = transport_of(request)
    head = (
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\n"
        + f"Content-Length: {len(half) * 2}\r\nConnection: close\r\n\r\n".encode()
    )
    transport.write(head + half)
    await close_connection(request, reset=False)
    return Response(b"")  # never sent: the connection is gone


async def not_json(request: Request) -> Response:
    """/not-json: 200 with Content-Type application/json and an HTML body."""
    html = b"<!DOCTYPE html>\n<html><head><title>Oops</title></head><body><h1>Not JSON</h1></body></html>\n"
    return Response(html, media_type="application/json")


async def drop(request: Request) -> Response:
    """/drop: reads the request, then closes the connection without a response (`?reset=1`: RST)."""
    await request.body()
    await close_connection(request, reset=request.query_params.get("reset") == "1")
    return Response(b"")  # never sent: the connection is gone


async def slow(request: Request) -> Response:
    """/slow?ms=N: answers like /graphql after N milliseconds."""
    return await http_graphql.handle(request, delay_ms=int_param(request, "ms", 1000, high=60_000))


async def cut_multipart(request: Request) -> Response:
    """/cut-multipart?parts=N: a deferred response that ends after N parts (default 1), unterminated."""
    cut = int_param(request, "parts", 1)
    return await http_graphql.handle(request, cut_after=cut, default_query=DEFAULT_DEFER_QUERY)


async def cut_sse(request: Request) -> Response:
    """/cut-sse?events=N: an SSE stream that ends halfway through the event after N (default 1)."""
    cut = int_param(request, "events", 1)
    return await http_graphql.handle(request, cut_after=cut, default_query=DEFAULT_SUBSCRIPTION)


ROUTES = [
    Route("/status/{code:int}", status, methods=["GET", "POST"]),
    Route("/truncated", truncated, methods=["GET", "POST"]),
    Route("/not-json", not_json, methods=["GET", "POST"]),
    Route("/drop", drop, methods=["GET", "POST"]),
    Route("/slow", slow, methods=["GET", "POST"]),
    Route("/cut-multipart", cut_multipart, methods=["GET", "POST"]),
    Route("/cut-sse", cut_sse, methods=["GET", "POST"]),
]
