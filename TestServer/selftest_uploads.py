"""Checks of uploads.py: multipart requests per the GraphQL multipart request spec, hashed as they arrive."""

from __future__ import annotations

import hashlib
import json
import os
import socket

from selftest_client import check, http

UPLOAD = "mutation ($file: Upload!) { upload(file: $file) { filename contentType size sha256 } }"
UPLOAD_MANY = "mutation ($files: [Upload!]!) { uploadMany(files: $files) { filename size sha256 } }"


def multipart(operations: dict, mapping: dict, files: list[tuple[str, str, bytes]], boundary: str = "b0und") -> bytes:
    """A multipart/form-data body: operations, map, then each (key, filename, bytes)."""
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="operations"\r\n\r\n'.encode() + json.dumps(operations).encode(),
        f'--{boundary}\r\nContent-Disposition: form-data; name="map"\r\n\r\n'.encode() + json.dumps(mapping).encode(),
    ]
    for key, filename, data in files:
        head = f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"; filename="{filename}"\r\nContent-Type: text/plain\r\n\r\n'
        parts.append(head.encode() + data)
    return b"\r\n".join(parts) + f"\r\n--{boundary}--\r\n".encode()


def send(port: int, body: bytes, preflight: bool = True):
    headers = {"Content-Type": "multipart/form-data; boundary=b0und", "Accept": "application/json"}
    if preflight:
        headers["apollo-require-preflight"] = "true"
    return http(port, "POST", "/graphql", headers=headers, raw=body)


@check
def uploads_one_file_and_hashes_it(port: int) -> None:
    data = os.urandom(300_000) + b"\r\n--b0un"  # a delimiter's start inside the file
    body = multipart({"query": UPLOAD, "variables": {"file": None}}, {"0": ["variables.file"]}, [("0", "a.txt", data)])
    reply = send(port, body)
    assert reply.status == 200, (reply.status, reply.body)
    result = reply.json()["data"]["upload"]
    assert result == {"filename": "a.txt", "contentType": "text/plain", "size": len(data),
                      "sha256": hashlib.sha256(data).hexdigest()}, result


@check
def uploads_several_files_and_one_file_at_two_paths(port: int) -> None:
    one, two = b"first", b"second file"
    body = multipart({"query": UPLOAD_MANY, "variables": {"files": [None, None, None]}},
                     {"0": ["variables.files.0", "variables.files.2"], "1": ["variables.files.1"]},
                     [("0", "one.txt", one), ("1", "two.txt", two)])
    reply = send(port, body)
    results = reply.json()["data"]["uploadMany"]
    assert [r["filename"] for r in results] == ["one.txt", "two.txt", "one.txt"], results
    assert results[1]["sha256"] == hashlib.sha256(two).hexdigest() and results[2]["size"] == len(one), results


@check
def uploads_need_the_preflight_header(port: int) -> None:
    body = multipart({"query": UPLOAD, "variables": {"file": None}}, {"0": ["variables.file"]}, [("0", "a.txt", b"x")])
    reply = send(port, body, preflight=False)
    assert reply.status == 400 and b"apollo-require-preflight" in reply.body, (reply.status, reply.body)


@check
def uploads_refuse_a_map_that_names_a_missing_file(port: int) -> None:
    body = multipart({"query": UPLOAD, "variables": {"file": None}}, {"0": ["variables.file"]}, [])
    reply = send(port, body)
    assert reply.status == 400 and b"did not arrive" in reply.body, (reply.status, reply.body)


@check
def uploads_refuse_both_content_length_and_transfer_encoding(port: int) -> None:
    body = multipart({"query": UPLOAD, "variables": {"file": None}}, {"0": ["variables.file"]}, [("0", "a.txt", b"x")])
    chunked = f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n"
    head = (f"POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b0und\r\n"
            f"apollo-require-preflight: true\r\nTransfer-Encoding: chunked\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n")
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(head.encode() + chunked)
        reply = b""
        while chunk := connection.recv(65536):
            reply += chunk
    assert reply.startswith(b"HTTP/1.1 400") and b"Transfer-Encoding" in reply, reply[:300]
