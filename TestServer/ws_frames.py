"""Raw RFC 6455 frames for /ws-frames, so a WebSocket client meets frames servers rarely send.

Query parameters (any combination):
- `fragment=N`: each server message goes out as a text frame of at most N payload bytes followed
  by continuation frames.
- `ping=1`: a ping frame (payload "baton") precedes each server message.
- `mask=1`: server frames are masked, which RFC 6455 forbids (the client must fail the connection).
- `binary=1`: messages use the binary opcode instead of text.
- `closeAfter=N` with `closeCode=C` (default 4000) and `closeReason=R`: after N server messages,
  a close handshake with that code and reason.
"""

from __future__ import annotations

import os
import struct
from typing import Any

OP_CONTINUATION = 0x0
OP_TEXT = 0x1
OP_BINARY = 0x2
OP_CLOSE = 0x8
OP_PING = 0x9


def frame(opcode: int, payload: bytes, fin: bool = True, mask: bool = False) -> bytes:
    """One frame: FIN/opcode byte, length (7, 16 or 64 bits), optional mask key, payload."""
    head = bytearray([(0x80 if fin else 0) | opcode])
    mask_bit = 0x80 if mask else 0
    length = len(payload)
    if length < 126:
        head.append(mask_bit | length)
    elif length < 1 << 16:
        head.append(mask_bit | 126)
        head += struct.pack("!H", length)
    else:
        head.append(mask_bit | 127)
        head += struct.pack("!Q", length)
    if mask:
        key = os.urandom(4)
        head += key
        payload = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
    return bytes(head) + payload


class FrameWriter:
    """Writes graphql-transport-ws messages straight to the TCP transport as scripted frames."""

    def __init__(self, transport: Any, fragment: int, ping: bool, mask: bool, binary: bool,
                 close_after: int | None, close_code: int, close_reason: str) -> None:
        self.transport = transport
        self.fragment = fragment
        self.ping = ping
        self.mask = mask
        self.binary = binary
        self.close_after = close_after
        self.close_code = close_code
        self.close_reason = close_reason
        self.sent = 0

    @classmethod
    def from_query(cls, query: dict[str, str], transport: Any) -> FrameWriter:
        def number(name: str, default: int | None) -> int | None:
            try:
                return int(query[name]) if name in query else default
            except ValueError:
                return default

        return cls(
            transport,
            fragment=max(0, number("fragment", 0) or 0),
            ping=query.get("ping") == "1",
            mask=query.get("mask") == "1",
            binary=query.get("binary") == "1",
            close_after=number("closeAfter", None),
            close_code=number("closeCode", 4000) or 4000,
            close_reason=query.get("closeReason", "closing on purpose"),
        )

    async def write(self, text: str) -> None:
        if self.transport.is_closing():
            raise ConnectionResetError("the connection is closed")
        if self.close_after is not None and self.sent >= self.close_after:
            return
        out = bytearray()
        if self.ping:
            out += frame(OP_PING, b"baton", mask=self.mask)
        payload = text.encode("utf-8")
        opcode = OP_BINARY if self.binary else OP_TEXT
        size = self.fragment or len(payload) or 1
        chunks = [payload[i:i + size] for i in range(0, len(payload), size)] or [b""]
        for index, chunk in enumerate(chunks):
            out += frame(opcode if index == 0 else OP_CONTINUATION, chunk, fin=index == len(chunks) - 1, mask=self.mask)
        self.sent += 1
        if self.close_after is not None and self.sent >= self.close_after:
            reason = self.close_reason.encode("utf-8")[:123]
            out += frame(OP_CLOSE, struct.pack("!H", self.close_code) + reason, mask=self.mask)
        self.transport.write(bytes(out))
