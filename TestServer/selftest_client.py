"""Stdlib-only clients for selftest.py: the server process, HTTP (plain and streamed), SSE, WebSocket."""

from __future__ import annotations

import base64
import hashlib
import http.client as httpclient
import json
import os
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
GQL_JSON = "application/graphql-response+json"
CHECKS: list[tuple[str, Callable[[int], None]]] = []


def check(function: Callable[[int], None]) -> Callable[[int], None]:
    """Registers a check; it gets the server's port and raises to fail."""
    CHECKS.append((function.__name__, function))
    return function


def wait_until(condition: Callable[[], bool], seconds: float = 5) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


def counts(port: int, tag: str) -> tuple[int, int, int]:
    """activeCountdowns, finishedCountdowns and cancelledCountdowns for a tag."""
    reply = graphql(port, f'{{ a: activeCountdowns(tag: "{tag}") f: finishedCountdowns(tag: "{tag}") '
                          f'c: cancelledCountdowns(tag: "{tag}") }}')
    data = reply.json()["data"]
    return data["a"], data["f"], data["c"]


WS_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


class Server:
    """The server as a child process, stopped by closing its stdin."""

    def __init__(self, *arguments: str) -> None:
        """Starts server.py on a free port; `arguments` are added to its command line."""
        python = HERE / ".venv" / "bin" / "python"
        if not python.exists():
            sys.exit("TestServer/.venv is missing: run TestServer/setup.sh first")
        self.process = subprocess.Popen(
            [str(python), str(HERE / "server.py"), "--port", "0", *arguments],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        line = self.process.stdout.readline().decode()  # type: ignore[union-attr]
        if not line.startswith("LISTENING "):
            sys.exit(f"server printed {line!r}; stderr: {self.process.stderr.read().decode()}")  # type: ignore[union-attr]
        self.port = int(line.split()[1])
        self.first_line = line

    def close_stdin_and_wait(self, timeout: float) -> int | None:
        self.process.stdin.close()  # type: ignore[union-attr]
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return None


class Reply:
    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        self.status = status
        self.headers = headers
        self.body = body

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "")


def http(port: int, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None,
         raw: bytes | None = None) -> Reply:
    connection = httpclient.HTTPConnection("127.0.0.1", port, timeout=30)
    sent = dict(headers or {})
    data = raw
    if body is not None:
        data = json.dumps(body).encode()
        sent.setdefault("Content-Type", "application/json")
    connection.request(method, path, body=data, headers=sent)
    response = connection.getresponse()
    payload = response.read()
    result = Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, payload)
    connection.close()
    return result


def graphql(port: int, query: str, accept: str | None = "application/graphql-response+json",
            path: str = "/graphql", headers: dict[str, str] | None = None, **fields: Any) -> Reply:
    """POSTs `{"query": query, **fields}` (fields such as variables, operationName)."""
    sent = {"Accept": accept} if accept else {}
    sent.update(headers or {})
    return http(port, "POST", path, {"query": query, **fields}, sent)


class Stream:
    """A streamed HTTP response read chunk by chunk, each chunk stamped with its arrival time."""

    def __init__(self, port: int, path: str, body: Any, accept: str) -> None:
        self.connection = httpclient.HTTPConnection("127.0.0.1", port, timeout=30)
        self.started = time.monotonic()
        self.connection.request("POST", path, body=json.dumps(body).encode(),
                                headers={"Content-Type": "application/json", "Accept": accept})
        self.response = self.connection.getresponse()
        self.headers = {k.lower(): v for k, v in self.response.getheaders()}
        self.chunks: list[tuple[float, bytes]] = []

    def read_chunk(self) -> bytes:
        chunk = self.response.read1(65536)
        if chunk:
            self.chunks.append((time.monotonic() - self.started, chunk))
        return chunk

    def read_all(self) -> bytes:
        while self.read_chunk():
            pass
        return self.body

    @property
    def body(self) -> bytes:
        return b"".join(chunk for _, chunk in self.chunks)

    def close(self) -> None:
        sock = self.connection.sock
        if sock is not None:
            sock.shutdown(socket.SHUT_RDWR)
        self.connection.close()


def multipart_parts(body: bytes) -> tuple[list[Any], bool]:
    """The JSON parts of a `boundary="-"` multipart body, and whether the closing delimiter came."""
    closed = body.endswith(b"\r\n-----\r\n")
    if closed:
        body = body[: -len(b"\r\n-----\r\n")]
    parts = []
    for raw in body.split(b"\r\n---\r\n")[1:]:
        head, _, content = raw.partition(b"\r\n\r\n")
        assert b"content-type: application/json" in head.lower(), head
        parts.append(json.loads(content))
    return parts, closed


def sse_events(body: bytes) -> list[tuple[str, str]]:
    """(event, data) pairs of complete SSE events; a trailing partial event is left out."""
    events = []
    text = body.decode()
    blocks = text.split("\n\n")
    for block in blocks[:-1]:
        name, data = "message", []
        lines = [line for line in block.split("\n") if line and not line.startswith(":")]
        if not lines:
            continue
        for line in lines:
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "event":
                name = value
            elif field == "data":
                data.append(value)
        events.append((name, "\n".join(data)))
    return events


class WebSocket:
    """A minimal RFC 6455 client: handshake, masked frames, fragments, pings answered."""

    def __init__(self, port: int, path: str = "/graphql", subprotocol: str | None = "graphql-transport-ws") -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket",
                 "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13"]
        if subprotocol:
            lines.append(f"Sec-WebSocket-Protocol: {subprotocol}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            data = self.sock.recv(4096)
            if not data:
                raise ConnectionError("closed during handshake")
            self.buffer += data
        head, _, self.buffer = self.buffer.partition(b"\r\n\r\n")
        status_line, *header_lines = head.decode().split("\r\n")
        self.status = int(status_line.split()[1])
        self.headers = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            self.headers[name.strip().lower()] = value.strip()
        expected = base64.b64encode(hashlib.sha1((key + WS_GUID).encode()).digest()).decode()
        self.accept_ok = self.headers.get("sec-websocket-accept") == expected
        self.frames: list[tuple[bool, int, bool, bytes]] = []  # every frame seen: fin, opcode, masked, payload
        self.pings = 0

    def _read(self, count: int) -> bytes:
        while len(self.buffer) < count:
            data = self.sock.recv(65536)
            if not data:
                raise EOFError("socket closed")
            self.buffer += data
        out, self.buffer = self.buffer[:count], self.buffer[count:]
        return out

    def send_frame(self, opcode: int, payload: bytes, fin: bool = True) -> None:
        key = os.urandom(4)
        head = bytearray([(0x80 if fin else 0) | opcode])
        if len(payload) < 126:
            head.append(0x80 | len(payload))
        elif len(payload) < 65536:
            head.append(0x80 | 126)
            head += struct.pack("!H", len(payload))
        else:
            head.append(0x80 | 127)
            head += struct.pack("!Q", len(payload))
        masked = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(bytes(head) + key + masked)

    def send_text(self, text: str) -> None:
        self.send_frame(0x1, text.encode())

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(json.dumps(message))

    def recv_frame(self) -> tuple[bool, int, bool, bytes]:
        first, second = self._read(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack("!H", self._read(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", self._read(8))[0]
        masked = bool(second & 0x80)
        key = self._read(4) if masked else b""
        payload = self._read(length)
        if masked:
            payload = bytes(b ^ key[i % 4] for i, b in enumerate(payload))
        frame = (bool(first & 0x80), first & 0x0F, masked, payload)
        self.frames.append(frame)
        return frame

    def recv(self, timeout: float = 10) -> tuple[str, Any]:
        """("text", str) | ("binary", bytes) | ("close", (code, reason)) | ("eof", None)."""
        self.sock.settimeout(timeout)
        parts: list[bytes] = []
        kind = None
        try:
            while True:
                fin, opcode, _masked, payload = self.recv_frame()
                if opcode == 0x9:
                    self.pings += 1
                    self.send_frame(0xA, payload)
                    continue
                if opcode == 0xA:
                    continue
                if opcode == 0x8:
                    code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                    return "close", (code, payload[2:].decode(errors="replace"))
                if opcode in (0x1, 0x2):
                    kind = "text" if opcode == 0x1 else "binary"
                parts.append(payload)
                if fin:
                    data = b"".join(parts)
                    return (kind or "text"), (data.decode() if kind == "text" else data)
        except (EOFError, ConnectionResetError):
            return "eof", None

    def recv_json(self, timeout: float = 10) -> dict[str, Any]:
        kind, value = self.recv(timeout)
        if kind != "text":
            raise AssertionError(f"expected a text message, got {kind} {value!r}")
        return json.loads(value)

    def init(self, payload: Any = None) -> dict[str, Any]:
        message: dict[str, Any] = {"type": "connection_init"}
        if payload is not None:
            message["payload"] = payload
        self.send(message)
        return self.recv_json()

    def close(self) -> None:
        try:
            self.send_frame(0x8, struct.pack("!H", 1000))
        except OSError:
            pass
        self.sock.close()

    def abort(self) -> None:
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.sock.close()
