"""selftest checks for coalescing.py: a small response's head and body leave in one segment, and a
head with nothing after it is still written in the event loop's same pass."""

from __future__ import annotations

import asyncio
import socket
import struct
from typing import Any

from coalescing import JOIN_LIMIT, HeadCoalescingTransport
from selftest_client import check

HEAD = b"HTTP/1.1 200 OK\r\ncontent-length: 21\r\n\r\n"
BODY = b'{"data":{"items":[]}}'
# struct tcp_info (linux/tcp.h): tcpi_data_segs_in, the segments received that carried data.
DATA_SEGS_IN_OFFSET = 152


def data_segments_received(sock: socket.socket) -> int:
    info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 256)
    return struct.unpack_from("I", info, DATA_SEGS_IN_OFFSET)[0]


def read_response(sock: socket.socket) -> bytes:
    received = b""
    while not received.endswith(BODY):
        chunk = sock.recv(65536)
        assert chunk, f"connection closed after {received!r}"
        received += chunk
    return received


@check
def small_response_arrives_in_one_segment(port: int) -> None:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    request = b"GET /payload?n=0 HTTP/1.1\r\nHost: x\r\n\r\n"
    segments = []
    for _ in range(5):
        before = data_segments_received(sock)
        sock.sendall(request)
        assert read_response(sock).startswith(b"HTTP/1.1 200 OK\r\n")
        segments.append(data_segments_received(sock) - before)
    sock.close()
    assert segments == [1] * 5, f"data segments per response: {segments}"


class RecordingTransport:
    """What a HeadCoalescingTransport writes to, recorded."""

    def __init__(self) -> None:
        self.writes: list[bytes] = []
        self.closed = False

    def write(self, data: bytes) -> None:
        self.writes.append(bytes(data))

    def is_closing(self) -> bool:
        return self.closed

    def close(self) -> None:
        self.closed = True

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 1)}.get(name, default)


async def coalescing_cases() -> None:
    loop = asyncio.get_running_loop()
    inner = RecordingTransport()
    transport = HeadCoalescingTransport(inner, loop)  # type: ignore[arg-type]

    transport.write(HEAD)
    transport.write(BODY)
    transport.write(b"")
    assert inner.writes == [HEAD + BODY], inner.writes

    # A head with nothing after it in this pass (a streamed response still waiting for its first
    # chunk) goes out at the end of the pass, before the loop waits.
    inner.writes.clear()
    transport.write(HEAD)
    assert inner.writes == []
    await asyncio.sleep(0)
    assert inner.writes == [HEAD], inner.writes
    transport.write(b"1\r\nx\r\n")
    assert inner.writes == [HEAD, b"1\r\nx\r\n"], inner.writes

    # A large body is not copied to join the head.
    inner.writes.clear()
    large = b"x" * (JOIN_LIMIT + 1)
    transport.write(HEAD)
    transport.write(large)
    assert inner.writes == [HEAD, large]

    # Bytes that are not a whole head (a route writing its own response) pass at once.
    inner.writes.clear()
    transport.write(HEAD + BODY[:5])
    assert inner.writes == [HEAD + BODY[:5]]

    # Closing writes a held head first; everything else is the inner transport's.
    inner.writes.clear()
    transport.write(HEAD)
    transport.close()
    assert inner.writes == [HEAD] and inner.closed
    assert transport.get_extra_info("peername") == ("127.0.0.1", 1)


@check
def head_coalescing_transport(_port: int) -> None:
    asyncio.run(coalescing_cases())
