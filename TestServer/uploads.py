"""The GraphQL multipart request spec (https://github.com/jaydenseric/graphql-multipart-request-spec)
on /graphql, parsed as it arrives.

A `multipart/form-data` POST carries the `operations` part (the request's JSON, each file's place
null), the `map` part (`{"0": ["variables.file"], ...}`), then the files in the order `map` names
them. Each file is written to a temporary file while it arrives (never held in memory) and hashed
on the way; the file is removed once it has arrived whole, since only its name, type, size and hash
are answered. The mutation `upload` answers each
file's name, type, size and SHA-256.

As Apollo Server's CSRF rule asks, a multipart request without a non-empty
`apollo-require-preflight` or `x-apollo-operation-name` header is refused with 400; so is one with
both `Content-Length` and `Transfer-Encoding` (proxies refuse it as smuggling), one whose parts are
out of order, whose map names a file that never arrived or a path that is not null.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from typing import Any

from graphql import GraphQLScalarType, GraphQLSchema
from starlette.requests import Request

from execution import BadRequest, Params, params_from_object

MULTIPART_FORM = "multipart/form-data"


@dataclass
class UploadedFile:
    """One file as it arrived, hashed on the way."""

    filename: str
    content_type: str
    size: int
    sha256: str


def has_preflight(request: Request) -> bool:
    return bool(request.headers.get("apollo-require-preflight") or request.headers.get("x-apollo-operation-name"))


def boundary_of(content_type: str) -> bytes:
    for parameter in content_type.split(";")[1:]:
        name, _, value = parameter.strip().partition("=")
        if name.strip().lower() == "boundary" and value:
            return value.strip().strip('"').encode("latin-1")
    raise BadRequest("multipart/form-data without a boundary")


def disposition(headers: dict[str, str]) -> tuple[str, str | None]:
    """The part's form name and filename from its Content-Disposition."""
    name, filename = "", None
    for item in headers.get("content-disposition", "").split(";")[1:]:
        key, _, value = item.strip().partition("=")
        value = value.strip()
        if value.startswith('"') and value.endswith('"'):
            value = value[1:-1]
        if key.lower() == "name":
            name = value
        elif key.lower() == "filename":
            filename = value.replace("%22", '"').replace("%0D", "\r").replace("%0A", "\n")
    return name, filename


class PartSink:
    """Where one part's bytes go: memory for `operations` and `map`, a hashed temporary file for a file."""

    def __init__(self, name: str, filename: str | None, content_type: str) -> None:
        self.name = name
        self.filename = filename
        self.content_type = content_type
        self.size = 0
        self.text = bytearray()
        self.hash = hashlib.sha256()
        self.file = None
        if filename is not None:
            descriptor, self.path = tempfile.mkstemp(prefix="baton-upload-")
            self.file = os.fdopen(descriptor, "wb")

    def write(self, data: bytes) -> None:
        if not data:
            return
        self.size += len(data)
        if self.file is None:
            if self.size > 16 << 20:
                raise BadRequest(f"the part {self.name} is too large")
            self.text += data
        else:
            self.hash.update(data)
            self.file.write(data)

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None
            os.unlink(self.path)


async def read_parts(request: Request, parts: list[PartSink]) -> list[PartSink]:
    """Reads every part of the body as it arrives; a file part never waits whole in memory."""
    boundary = boundary_of(request.headers.get("content-type", ""))
    delimiter = b"\r\n--" + boundary
    buffer = b"\r\n"  # the first delimiter has no CRLF before it
    current: PartSink | None = None
    state = "preamble"
    async for chunk in request.stream():
        buffer += chunk
        while True:
            if state in ("preamble", "body"):
                index = buffer.find(delimiter)
                if index < 0:
                    # Keep what could be the start of a delimiter for the next chunk.
                    keep = len(delimiter) + 4
                    if current is not None and len(buffer) > keep:
                        current.write(buffer[:-keep])
                        buffer = buffer[-keep:]
                    break
                if current is not None:
                    current.write(buffer[:index])
                    current.close()
                    current = None
                buffer = buffer[index + len(delimiter):]
                state = "after-delimiter"
            if state == "after-delimiter":
                if len(buffer) < 2:
                    break
                if buffer.startswith(b"--"):
                    return parts
                end = buffer.find(b"\r\n\r\n")
                if end < 0:
                    if len(buffer) > 16384:
                        raise BadRequest("a part's header is too long")
                    break
                lines = buffer[:end].decode("utf-8", "replace").split("\r\n")
                headers: dict[str, str] = {}
                for line in lines:
                    key, _, value = line.partition(":")
                    if key.strip():
                        headers[key.strip().lower()] = value.strip()
                name, filename = disposition(headers)
                current = PartSink(name, filename, headers.get("content-type", "application/octet-stream"))
                parts.append(current)
                buffer = buffer[end + 4:]
                state = "body"
    raise BadRequest("the multipart body ended before its closing boundary")


def place(target: Any, path: list[str], value: UploadedFile) -> None:
    for index, step in enumerate(path):
        last = index == len(path) - 1
        if isinstance(target, list):
            try:
                position = int(step)
                current = target[position]
            except (ValueError, IndexError) as error:
                raise BadRequest(f"the map names {'.'.join(path)}, which the operations do not have") from error
            if last:
                if current is not None:
                    raise BadRequest(f"the map names {'.'.join(path)}, which is not null")
                target[position] = value
            target = current
        elif isinstance(target, dict):
            if step not in target:
                raise BadRequest(f"the map names {'.'.join(path)}, which the operations do not have")
            if last:
                if target[step] is not None:
                    raise BadRequest(f"the map names {'.'.join(path)}, which is not null")
                target[step] = value
            target = target[step]
        else:
            raise BadRequest(f"the map names {'.'.join(path)}, which the operations do not have")


async def read_params(request: Request) -> Params:
    """The request's parameters with each file in its places, as an `UploadedFile`."""
    if "content-length" in request.headers and "transfer-encoding" in request.headers:
        # What proxies refuse as request smuggling; a client must send one or the other.
        raise BadRequest("A request must not carry both Content-Length and Transfer-Encoding")
    if not has_preflight(request):
        raise BadRequest("A multipart request needs a non-empty apollo-require-preflight header (CSRF prevention)")
    parts: list[PartSink] = []
    try:
        parts = await read_parts(request, parts)
    finally:
        for part in parts:
            part.close()
    if len(parts) < 2 or parts[0].name != "operations" or parts[1].name != "map":
        raise BadRequest("A multipart request's first parts must be operations, then map")
    try:
        operations = json.loads(bytes(parts[0].text))
        mapping = json.loads(bytes(parts[1].text))
    except ValueError as error:
        raise BadRequest(f"operations or map is not JSON: {error}") from error
    if not isinstance(operations, dict) or not isinstance(mapping, dict):
        raise BadRequest("operations and map must be JSON objects")
    files = {part.name: part for part in parts[2:]}
    for key, paths in mapping.items():
        part = files.get(key)
        if part is None or part.filename is None:
            raise BadRequest(f"the map names the file {key}, which did not arrive")
        if not isinstance(paths, list) or not paths:
            raise BadRequest(f"the map's {key} must be a list of paths")
        uploaded = UploadedFile(part.filename, part.content_type, part.size, part.hash.hexdigest())
        for path in paths:
            place(operations, str(path).split("."), uploaded)
    return params_from_object(operations)


def result(file: UploadedFile) -> dict[str, Any]:
    return {"filename": file.filename, "contentType": file.content_type, "size": file.size, "sha256": file.sha256}


def attach(schema: GraphQLSchema) -> None:
    """Attaches the upload resolvers and the Upload scalar (an input only)."""
    scalar = schema.get_type("Upload")
    assert isinstance(scalar, GraphQLScalarType)

    def parse_value(value: Any) -> UploadedFile:
        if not isinstance(value, UploadedFile):
            raise TypeError("Upload must be a file sent in a multipart request")
        return value

    scalar.parse_value = parse_value  # type: ignore[method-assign]
    mutation = schema.get_type("Mutation")
    mutation.fields["upload"].resolve = lambda _root, _info, file: result(file)  # type: ignore[union-attr]
    mutation.fields["uploadMany"].resolve = (  # type: ignore[union-attr]
        lambda _root, _info, files: [result(file) for file in files]
    )
