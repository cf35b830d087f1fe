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
        worker_serve(wrap_app(app, settings.wsgi_max_body_size, "asgi"), settings, sockets=Sockets([sock], [], []))
    )
    await asyncio.sleep(0)
    if task.done():
        await task
        raise SystemExit("the server stopped before it started")
    listening()
    await task
