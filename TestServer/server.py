"""The Baton reference GraphQL server.

    python server.py --port 0
    python server.py --port 0 --tls-cert tls/server.pem --tls-key tls/server.key

binds 127.0.0.1 (a free port for 0), prints exactly `LISTENING <port>` on stdout once it accepts
connections, and exits when its standard input reaches end of file, so a test process that dies
never leaves it behind. `--no-stdin-watch` turns that off for running it by hand in the
background. With a certificate and key it serves TLS through hypercorn (tls_server.py): HTTP/2 when
the client offers it by ALPN, HTTP/1.1 otherwise. Routes and schema: README.md beside this file.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sys
import threading
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route, WebSocketRoute

import batches
import faults
import hostile
import http_graphql
import payload
import wire
import ws
from coalescing import HeadCoalescingTransport


async def graphql_http(request: Request) -> Response:
    return await http_graphql.handle(request)


def build_app() -> Starlette:
    routes = [
        Route("/graphql", graphql_http, methods=["GET", "POST"]),
        WebSocketRoute("/graphql", ws.graphql_endpoint),
        WebSocketRoute("/ws-drop", ws.drop_endpoint),
        WebSocketRoute("/ws-frames", ws.frames_endpoint),
        WebSocketRoute("/ws-silent", ws.silent_endpoint),
        WebSocketRoute("/ws-flood", ws.flood_endpoint),
        *faults.ROUTES,
        *hostile.ROUTES,
        *payload.ROUTES,
        *wire.ROUTES,
        *batches.ROUTES,
    ]
    return Starlette(routes=routes)


class ExposeTransport:
    """Outermost ASGI layer: records the connection's transport for the fault routes.

    uvicorn's `send` is a bound method of an object holding the connection's asyncio transport;
    Starlette wraps `send` later, so it is taken here.
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            owner = getattr(send, "__self__", None)
            scope["baton.transport"] = getattr(owner, "transport", None)
        await self.app(scope, receive, send)


class CoalescingH11Protocol(H11Protocol):
    """uvicorn's h11 protocol writing through a `HeadCoalescingTransport`: a small response's head
    and body leave in one segment, as production servers send them (coalescing.py)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(HeadCoalescingTransport(transport, self.loop))  # type: ignore[arg-type]

    def handle_websocket_upgrade(self, event: Any) -> None:
        # The WebSocket protocol takes the connection over on its own transport, as with uvicorn's.
        wrapped = self.transport
        if isinstance(wrapped, HeadCoalescingTransport):
            wrapped.flush()
            self.transport = wrapped.inner  # type: ignore[assignment]
        super().handle_websocket_upgrade(event)


def exit_at_stdin_eof() -> None:
    """Exits the process once stdin ends: the parent closed its end or died."""

    def watch() -> None:
        try:
            while sys.stdin.buffer.read1(65536):
                pass
        except (OSError, ValueError):
            pass
        os._exit(0)

    threading.Thread(target=watch, name="stdin-watch", daemon=True).start()


def bound_socket(port: int) -> socket.socket:
    # The protocol must be named: asyncio turns Nagle's algorithm off (TCP_NODELAY) only on
    # sockets whose `proto` is IPPROTO_TCP, and accepted sockets inherit it from this one. With
    # proto 0, a response written as head then body waited for the client's delayed ACK, about
    # 40 ms per request on a reused connection.
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    return sock


def announce(sock: socket.socket) -> None:
    sys.stdout.write(f"LISTENING {sock.getsockname()[1]}\n")
    sys.stdout.flush()


async def serve(port: int) -> None:
    sock = bound_socket(port)
    sock.listen(1024)
    config = uvicorn.Config(
        ExposeTransport(build_app()),
        log_level="warning",
        access_log=False,
        http=CoalescingH11Protocol,  # h11, a small response's head and body in one segment
        ws="websockets-sansio",
        lifespan="off",
        timeout_graceful_shutdown=1,
        timeout_keep_alive=60,  # idle keep-alive connections stay usable for the length of a test run
        ws_max_size=64 * 1024 * 1024,
    )
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve(sockets=[sock]))
    while not server.started:
        if task.done():
            await task
            raise SystemExit("the server stopped before it started")
        await asyncio.sleep(0.01)
    announce(sock)
    await task


async def serve_tls(port: int, certificate: str, key: str) -> None:
    import tls_server  # hypercorn is loaded only by the mode that uses it

    sock = bound_socket(port)
    await tls_server.serve(ExposeTransport(build_app()), sock, certificate, key, lambda: announce(sock))


def main() -> None:
    parser = argparse.ArgumentParser(description="The Baton reference GraphQL server")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1; 0 picks a free one")
    parser.add_argument(
        "--no-stdin-watch",
        dest="watch_stdin",
        action="store_false",
        help="keep running when stdin ends (for running by hand in the background)",
    )
    parser.add_argument("--tls-cert", metavar="PEM", help="serve TLS (HTTP/2 by ALPN) with this certificate chain")
    parser.add_argument("--tls-key", metavar="PEM", help="the private key of --tls-cert")
    args = parser.parse_args()
    if (args.tls_cert is None) != (args.tls_key is None):
        parser.error("--tls-cert and --tls-key go together")
    if args.watch_stdin:
        exit_at_stdin_eof()
    if args.tls_cert is not None:
        server = serve_tls(args.port, args.tls_cert, args.tls_key)
    else:
        server = serve(args.port)
    try:
        asyncio.run(server)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
