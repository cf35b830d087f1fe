"""A minimal HTTP/2 client (RFC 9113) on the standard library, for selftest_tls.py: one connection,
requests as streams 1, 3, 5, ..., request headers as HPACK literals (RFC 7541 §6.2.2, no Huffman,
no table), responses read as status and body.

The response headers are HPACK-encoded by the server (indexed, Huffman); only `:status` is read,
and only from its static-table forms, which is how servers send the common statuses.
"""

from __future__ import annotations

import socket
import ssl
import struct
import time
from dataclasses import dataclass, field

PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
DATA, HEADERS, RST_STREAM, SETTINGS, PING, GOAWAY, WINDOW_UPDATE = 0x0, 0x1, 0x3, 0x4, 0x6, 0x7, 0x8
END_STREAM, ACK, END_HEADERS = 0x1, 0x1, 0x4
# HPACK static table entries 8...14 (RFC 7541 Appendix A).
STATIC_STATUS = {8: 200, 9: 204, 10: 206, 11: 304, 12: 400, 13: 404, 14: 500}


@dataclass
class H2Reply:
    status: int | None = None
    body: bytes = b""
    ended: bool = False
    chunks: list[bytes] = field(default_factory=list)


def literal(name: str, value: str) -> bytes:
    """A header as "literal without indexing, new name"; lengths below 127 fit the 7-bit prefix."""
    encoded_name, encoded_value = name.encode(), value.encode()
    assert len(encoded_name) < 127 and len(encoded_value) < 127, "a longer header needs a multi-byte length"
    return b"\x00" + bytes([len(encoded_name)]) + encoded_name + bytes([len(encoded_value)]) + encoded_value


def status_of(block: bytes) -> int | None:
    """`:status` from the first header of a response header block, when it is a static-table form."""
    if not block:
        return None
    first = block[0]
    if first & 0x80:  # indexed header field
        return STATIC_STATUS.get(first & 0x7F)
    if first & 0xF0 in (0x00, 0x10) or first & 0xC0 == 0x40:  # literal with an indexed :status name
        index = first & (0x3F if first & 0x40 else 0x0F)
        length = block[1] & 0x7F
        if 8 <= index <= 14 and not block[1] & 0x80 and length == 3:
            return int(block[2:5])
    return None


class H2Connection:
    """An HTTP/2 connection over TLS, negotiated by ALPN."""

    def __init__(self, port: int, context: ssl.SSLContext, host: str = "127.0.0.1") -> None:
        context.set_alpn_protocols(["h2"])
        raw = socket.create_connection((host, port), timeout=10)
        self.sock = context.wrap_socket(raw, server_hostname=host)
        self.alpn = self.sock.selected_alpn_protocol()
        self.host = host
        self.port = port
        self.next_stream = 1
        self.buffer = b""
        self.sock.sendall(PREFACE + self.frame(SETTINGS, 0, 0, b""))

    @staticmethod
    def frame(kind: int, flags: int, stream: int, payload: bytes) -> bytes:
        return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload

    def request(self, method: str, path: str, headers: dict[str, str], body: bytes = b"", pause: float = 0) -> int:
        """Sends a request on a new stream and returns the stream's id; `pause` seconds pass
        between its HEADERS and DATA frames."""
        stream = self.next_stream
        self.next_stream += 2
        block = literal(":method", method) + literal(":scheme", "https") + literal(":path", path)
        block += literal(":authority", f"{self.host}:{self.port}")
        for name, value in headers.items():
            block += literal(name.lower(), value)
        block += literal("content-length", str(len(body)))
        self.sock.sendall(self.frame(HEADERS, END_HEADERS | (0 if body else END_STREAM), stream, block))
        if body:
            time.sleep(pause)
            self.sock.sendall(self.frame(DATA, END_STREAM, stream, body))
        return stream

    def read_frame(self) -> tuple[int, int, int, bytes]:
        while len(self.buffer) < 9 or len(self.buffer) < 9 + int.from_bytes(self.buffer[:3], "big"):
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the HTTP/2 connection")
            self.buffer += chunk
        length = int.from_bytes(self.buffer[:3], "big")
        kind, flags = self.buffer[3], self.buffer[4]
        stream = struct.unpack(">I", self.buffer[5:9])[0] & 0x7FFFFFFF
        payload = self.buffer[9 : 9 + length]
        self.buffer = self.buffer[9 + length :]
        return kind, flags, stream, payload

    def responses(self, streams: list[int]) -> dict[int, H2Reply]:
        """Reads frames until every stream in `streams` has ended; returns their replies."""
        replies = {stream: H2Reply() for stream in streams}
        while not all(reply.ended for reply in replies.values()):
            kind, flags, stream, payload = self.read_frame()
            if kind == SETTINGS and not flags & ACK:
                self.sock.sendall(self.frame(SETTINGS, ACK, 0, b""))
            elif kind == PING and not flags & ACK:
                self.sock.sendall(self.frame(PING, ACK, 0, payload))
            elif kind == GOAWAY:
                raise ConnectionError(f"GOAWAY {payload.hex()}")
            elif stream in replies:
                reply = replies[stream]
                if kind == HEADERS and reply.status is None:
                    reply.status = status_of(payload)
                elif kind == DATA and payload:
                    reply.body += payload
                    reply.chunks.append(payload)
                    # Give the window back so a long body never stalls.
                    increment = struct.pack(">I", len(payload))
                    self.sock.sendall(self.frame(WINDOW_UPDATE, 0, 0, increment))
                    self.sock.sendall(self.frame(WINDOW_UPDATE, 0, stream, increment))
                elif kind == RST_STREAM:
                    raise ConnectionError(f"stream {stream} reset: {payload.hex()}")
                if kind in (HEADERS, DATA) and flags & END_STREAM:
                    reply.ended = True
        return replies

    def close(self) -> None:
        try:
            self.sock.sendall(self.frame(GOAWAY, 0, 0, struct.pack(">II", 0, 0)))
        finally:
            self.sock.close()
