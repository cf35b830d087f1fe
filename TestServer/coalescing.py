"""A connection's transport that writes a small response's head and body in one `send`.

uvicorn writes a response's head as soon as the app starts the response, then the body: two
writes, so two TCP segments, since asyncio turns Nagle's algorithm off. A client then reads the
head and the body in two wakeups. Production servers (nginx, Go's net/http, Node) write a small
response's head and body together; this does the same: the head is held until the next write,
which carries it (when that write is small), and is written on its own at the end of the event
loop's current pass when no write follows in the same pass. So a streamed response (multipart,
SSE, a slow body) gets its head as promptly as before, and its first chunk with it when the app
had one ready.

server.py gives it to uvicorn's h11 protocol (`CoalescingH11Protocol`). Only the head is held,
so nothing else is delayed or reordered, and the transport's flow control (pause_writing at its
high-water mark) sees every body byte as it is written.
"""

from __future__ import annotations

import asyncio
from typing import Any

# A following write larger than this is not copied to join the head: it fills several segments
# anyway, so the head goes out first, alone.
JOIN_LIMIT = 64 * 1024


def is_response_head(data: bytes) -> bool:
    return data.startswith(b"HTTP/1.") and data.endswith(b"\r\n\r\n")


class HeadCoalescingTransport:
    """Wraps a connection's transport: holds a response head until the write that follows it."""

    def __init__(self, inner: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self.inner = inner
        self._loop = loop
        self._head: bytes | None = None
        self._flush_handle: asyncio.Handle | None = None

    def write(self, data: bytes | bytearray | memoryview) -> None:
        if not data:
            return  # as asyncio's transports do; a held head waits for bytes to carry it
        head = self._take_head()
        if head is not None:
            if len(data) <= JOIN_LIMIT:
                self.inner.write(head + bytes(data))
                return
            self.inner.write(head)
        elif isinstance(data, bytes) and is_response_head(data) and not self.inner.is_closing():
            self._head = data
            self._flush_handle = self._loop.call_soon(self.flush)
            return
        self.inner.write(data)

    def writelines(self, list_of_data: Any) -> None:
        self.write(b"".join(list_of_data))

    def flush(self) -> None:
        """Writes a held head now."""
        head = self._take_head()
        if head is not None:
            self.inner.write(head)

    def _take_head(self) -> bytes | None:
        head, self._head = self._head, None
        if self._flush_handle is not None:
            self._flush_handle.cancel()
            self._flush_handle = None
        return head

    # What ends the connection or asks about its writes sees the held head first.
    def close(self) -> None:
        self.flush()
        self.inner.close()

    def abort(self) -> None:
        self.flush()
        self.inner.abort()

    def write_eof(self) -> None:
        self.flush()
        self.inner.write_eof()

    def get_write_buffer_size(self) -> int:
        return self.inner.get_write_buffer_size() + len(self._head or b"")

    def __getattr__(self, name: str) -> Any:
        # Everything else (get_extra_info, is_closing, pause_reading, set_protocol, ...) is the
        # connection's own.
        return getattr(self.inner, name)
