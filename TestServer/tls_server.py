"""The reference server over TLS, served by hypercorn: HTTP/2 when the client offers `h2` by ALPN,
HTTP/1.1 otherwise (including WebSocket upgrades).

The same ASGI app as the plain mode; only the server underneath differs. Hypercorn does not hand
its connection's transport to the app, so the fault routes that cut or script the connection
itself (`/drop`, `/truncated?incomplete=1`, `/ws-drop`, `/ws-frames`) need the plain mode.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
from collections.abc import Callable
from typing import Any

from hypercorn.asyncio.run import worker_serve
from hypercorn.config import Config, Sockets
from hypercorn.utils import wrap_app


class ReadBodyFirst:
    """Hands the app an HTTP request only once its whole body has arrived.

    hypercorn 0.18 drops the whole HTTP/2 connection, every stream on it, when request data
    arrives for a stream whose response has already ended (a KeyError in its h2 protocol,
    pgjones/hypercorn#329). Routes that answer without reading the body (`/status/N`, `/not-json`,
    `/payload`) would hit it whenever the client's DATA frame trails its HEADERS; with the body read
    first, no response ends before its request.
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        received = [await receive()]
        while received[-1]["type"] == "http.request" and received[-1].get("more_body", False):
            received.append(await receive())

        async def replay() -> dict[str, Any]:
            return received.pop(0) if received else await receive()

        await self.app(scope, replay, send)


def config(certificate: str, key: str) -> Config:
    settings = Config()
    settings.certfile = certificate
    settings.keyfile = key
    settings.alpn_protocols = ["h2", "http/1.1"]
    settings.loglevel = "WARNING"
    settings.accesslog = None
    settings.errorlog = "-"
    settings.graceful_timeout = 1
    settings.keep_alive_timeout = 60  # idle connections stay usable for the length of a test run
    settings.websocket_max_message_size = 64 * 1024 * 1024
    return settings


async def serve(app: Any, sock: socket.socket, certificate: str, key: str, listening: Callable[[], None]) -> None:
    """Serves `app` on the bound socket `sock` until the process ends; calls `listening` once the
    socket is listening and the certificate and key have loaded."""
    settings = config(certificate, key)
    try:
        settings.create_ssl_context()  # a bad certificate or key fails here, before LISTENING
    except (OSError, ssl.SSLError) as error:
        raise SystemExit(f"cannot load the TLS certificate {certificate} and key {key}: {error}") from error
    sock.setblocking(False)
    # Listening before hypercorn starts: the kernel queues connections from this moment, and
    # hypercorn accepts them (and does the TLS handshake) as soon as its loop runs.
    sock.listen(1024)
    task = asyncio.create_task(
        worker_serve(
            wrap_app(ReadBodyFirst(app), settings.wsgi_max_body_size, "asgi"), settings, sockets=Sockets([sock], [], [])
        )
    )
    await asyncio.sleep(0)
    if task.done():
        await task
        raise SystemExit("the server stopped before it started")
    listening()
    await task
