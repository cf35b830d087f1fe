"""Routes that answer as a hostile but legal server may: redirects, interim responses, trailers,
fixed bodies that are not results a client may take for success, a huge body and a body that
trickles in (slow loris).

The routes that write raw bytes (`/interim`, `/trailer`) reach the connection through
`scope["baton.transport"]`, as the fault routes do, so they need the plain (uvicorn) mode.
"""

from __future__ import annotations

import asyncio
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

import incremental
from execution import encode
from faults import close_connection, int_param, transport_of

REDIRECTS = (301, 302, 303, 307, 308)
FIXED_HELLO = encode({"data": {"hello": "Hello, world!"}})

# Bodies served by /fixed/{name}: each is 200 and well-formed JSON, and none is a success.
FIXED = {
    "data-null": ("application/json; charset=utf-8", encode({"data": None})),
    "extensions-list": (
        "application/json; charset=utf-8",
        encode({"data": {"hello": "Hello, world!"}, "extensions": ["not", "an", "object"]}),
    ),
    "extensions-string": (
        "application/json; charset=utf-8",
        encode({"data": {"hello": "Hello, world!"}, "extensions": "cost: 3"}),
    ),
    "multipart-errors-first": (
        incremental.CONTENT_TYPE,
        incremental.part({"errors": [{"message": "The first part failed", "extensions": {"code": "FIRST_PART_FAILED"}}], "hasNext": True})
        + incremental.part({"incremental": [], "completed": [], "hasNext": False})
        + incremental.CLOSING,
    ),
}


async def redirect(request: Request) -> Response:
    """/redirect/{code}?to=URL: `code` (301, 302, 303, 307, 308) with `Location: URL` (absolute or
    relative). A GET's other query parameters are appended to the Location, as a moved endpoint
    keeps them. The request body is read and dropped."""
    code = int(request.path_params["code"])
    if code not in REDIRECTS:
        return PlainTextResponse(f"code must be one of {REDIRECTS}\n", status_code=400)
    target = request.query_params.get("to", "/graphql")
    await request.body()
    if request.method == "GET":
        rest = [(name, value) for name, value in request.query_params.multi_items() if name != "to"]
        if rest:
            target += ("&" if "?" in target else "?") + urlencode(rest)
    return PlainTextResponse(f"{code}: moved to {target}\n", status_code=code, headers={"Location": target})


async def interim(request: Request) -> Response:
    """/interim?codes=100,103: those interim responses (103 with a Link field), then a 200 whose
    body is `{"data": {"hello": "Hello, world!"}}`; the connection closes after it."""
    await request.body()
    codes = [int(code) for code in request.query_params.get("codes", "100").split(",") if code.strip().isdigit()]
    head = b""
    for code in codes:
        if not 100 <= code <= 199 or code == 101:
            return PlainTextResponse("codes must be 1xx, not 101\n", status_code=400)
        reason = {100: "Continue", 102: "Processing", 103: "Early Hints"}.get(code, "Informational")
        head += f"HTTP/1.1 {code} {reason}\r\n".encode()
        if code == 103:
            head += b"Link: </style.css>; rel=preload; as=style\r\n"
        head += b"\r\n"
    head += (
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\n"
        + f"Content-Length: {len(FIXED_HELLO)}\r\nConnection: close\r\n\r\n".encode()
    )
    transport_of(request).write(head + FIXED_HELLO)
    await close_connection(request, reset=False)
    return Response(b"")  # never sent: the connection is gone


async def trailer(request: Request) -> Response:
    """/trailer: a chunked 200 of `{"data": {"hello": "Hello, world!"}}` in two chunks whose last
    chunk carries a trailer field (`X-Checksum`); the connection closes after it."""
    await request.body()
    half = len(FIXED_HELLO) // 2
    chunks = b"".join(f"{len(piece):x}\r\n".encode() + piece + b"\r\n" for piece in (FIXED_HELLO[:half], FIXED_HELLO[half:]))
    response = (
        b"HTTP/1.1 200 OK\r\nContent-Type: application/json; charset=utf-8\r\nTransfer-Encoding: chunked\r\n"
        b"Trailer: X-Checksum\r\nConnection: close\r\n\r\n" + chunks + b"0\r\nX-Checksum: 5d41402a\r\n\r\n"
    )
    transport_of(request).write(response)
    await close_connection(request, reset=False)
    return Response(b"")  # never sent: the connection is gone


async def fixed(request: Request) -> Response:
    """/fixed/{name}: one of the fixed bodies in FIXED, status 200."""
    name = request.path_params["name"]
    if name not in FIXED:
        return PlainTextResponse(f"no fixed body named {name!r}; there are {sorted(FIXED)}\n", status_code=404)
    await request.body()
    media_type, body = FIXED[name]
    return Response(body, headers={"Content-Type": media_type})


HUGE_LIMIT = 1 << 30
MEBIBYTE = 1 << 20


async def huge(request: Request) -> Response:
    """/huge?bytes=N: 200, a JSON response of exactly N bytes (at most 1 GiB, at least 32)
    `{"data":{"blob":"xxx…"}}` with its Content-Length, written a MiB at a time as the client reads."""
    total = int_param(request, "bytes", 300 * MEBIBYTE, low=32, high=HUGE_LIMIT)
    head, tail = b'{"data":{"blob":"', b'"}}'
    filler = total - len(head) - len(tail)

    async def body():  # noqa: ANN202
        yield head
        left = filler
        block = b"x" * MEBIBYTE
        while left > 0:
            yield block[: min(left, MEBIBYTE)]
            left -= MEBIBYTE
        yield tail

    headers = {"Content-Type": "application/json", "Content-Length": str(total)}
    return StreamingResponse(body(), headers=headers)


async def huge_multipart(request: Request) -> Response:
    """/huge-multipart?bytes=N&parts=K: 200 `multipart/mixed`, K parts (default 200, at most
    100000) of about N bytes in all (default 200 MiB, at most 1 GiB), generated as the client
    reads, a MiB at a time: part i is `{"data":{"part":i,"blob":"xxx…"},"hasNext":…}`, the last
    with `hasNext: false`, then the closing delimiter. For bounded memory under a slow consumer."""
    total = int_param(request, "bytes", 200 * MEBIBYTE, low=1, high=HUGE_LIMIT)
    parts = int_param(request, "parts", 200, low=1, high=100_000)
    blob_size = max(0, total // parts - 64)
    block = b"x" * MEBIBYTE

    async def body():  # noqa: ANN202
        for index in range(parts):
            last = index == parts - 1
            yield incremental.PART_HEAD + b'{"data":{"part":%d,"blob":"' % index
            left = blob_size
            while left > 0:
                yield block[: min(left, MEBIBYTE)]
                left -= MEBIBYTE
            yield b'"},"hasNext":%s}' % (b"false" if last else b"true")
        yield incremental.CLOSING

    return StreamingResponse(body(), media_type=incremental.CONTENT_TYPE)


async def trickle(request: Request) -> Response:
    """/trickle?ms=N&bytes=M: 200 `{"data":{"hello":"Hello, world!"}}` padded with spaces to M
    bytes (default 1000) and written one byte every N ms (default 100), Content-Length announced:
    a slow-loris body that completes only after M × N ms."""
    delay = int_param(request, "ms", 100, high=10_000) / 1000
    padded = FIXED_HELLO.ljust(int_param(request, "bytes", 1000, low=len(FIXED_HELLO), high=1_000_000))

    async def body():  # noqa: ANN202
        for index in range(len(padded)):
            yield padded[index : index + 1]
            await asyncio.sleep(delay)

    return StreamingResponse(body(), headers={"Content-Type": "application/json", "Content-Length": str(len(padded))})


ROUTES = [
    Route("/redirect/{code:int}", redirect, methods=["GET", "POST"]),
    Route("/interim", interim, methods=["GET", "POST"]),
    Route("/trailer", trailer, methods=["GET", "POST"]),
    Route("/fixed/{name}", fixed, methods=["GET", "POST"]),
    Route("/huge", huge, methods=["GET", "POST"]),
    Route("/huge-multipart", huge_multipart, methods=["GET", "POST"]),
    Route("/trickle", trickle, methods=["GET", "POST"]),
]
