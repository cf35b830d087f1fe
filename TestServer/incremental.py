"""Incremental delivery (@defer / @stream) as multipart/mixed, in the current or the legacy format.

Current format (graphql-core 3.3, graphql-js 17): the initial payload carries `pending` (id, path,
label); later payloads carry `incremental` entries (`id`, `data` + optional `subPath`, or `items`),
`completed` (id, optional errors) and `hasNext`.

Legacy format (`?format=legacy`, as servers spoke it in 2022-2023): the initial payload is
`{data, errors?, hasNext}`; each later payload is `{incremental: [{data|items, path, label?, errors?}],
hasNext}` where `path` is absolute, and for `items` ends with the index of the first item.
"""

from __future__ import annotations

import copy
from typing import Any, AsyncIterator

from graphql import ExperimentalIncrementalExecutionResults

from execution import encode

CONTENT_TYPE = 'multipart/mixed; boundary="-"'
PART_HEAD = b"\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
CLOSING = b"\r\n-----\r\n"


def part(payload: dict[str, Any]) -> bytes:
    """One multipart part: delimiter, part header, blank line, JSON."""
    return PART_HEAD + encode(payload)


async def payloads(results: ExperimentalIncrementalExecutionResults) -> AsyncIterator[dict[str, Any]]:
    """Every payload in the current format; closing this generator stops the execution."""
    subsequent = results.subsequent_results
    try:
        yield results.initial_result.formatted  # type: ignore[misc]
        async for result in subsequent:
            yield result.formatted  # type: ignore[misc]
    finally:
        await subsequent.aclose()


class LegacyConverter:
    """Rewrites current-format payloads into legacy ones, keeping the merged data to place stream items."""

    def __init__(self) -> None:
        self.pending: dict[str, dict[str, Any]] = {}
        self.data: Any = None

    def convert(self, payload: dict[str, Any]) -> dict[str, Any]:
        if "data" in payload and "incremental" not in payload and "completed" not in payload:
            self.data = copy.deepcopy(payload.get("data"))
            self._remember(payload)
            legacy = {key: payload[key] for key in ("data", "errors", "extensions") if key in payload}
            legacy["hasNext"] = payload.get("hasNext", False)
            return legacy
        entries: list[dict[str, Any]] = []
        for entry in payload.get("incremental", []):
            entries.append(self._entry(entry))
        for done in payload.get("completed", []):
            pending = self.pending.pop(done.get("id"), None)
            if pending is not None and done.get("errors"):
                entries.append(self._failed(pending, done["errors"]))
        self._remember(payload)
        legacy = {}
        if entries:
            legacy["incremental"] = entries
        if "extensions" in payload:
            legacy["extensions"] = payload["extensions"]
        legacy["hasNext"] = payload.get("hasNext", False)
        return legacy

    def _remember(self, payload: dict[str, Any]) -> None:
        for pending in payload.get("pending", []):
            self.pending[pending["id"]] = pending

    def _labelled(self, pending: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
        if "label" in pending:
            entry["label"] = pending["label"]
        return entry

    def _entry(self, entry: dict[str, Any]) -> dict[str, Any]:
        pending = self.pending.get(entry.get("id"), {"path": []})
        path = list(pending["path"])
        if "items" in entry:
            target = self._node(path)
            index = len(target) if isinstance(target, list) else 0
            if isinstance(target, list):
                target.extend(copy.deepcopy(entry["items"]))
            legacy: dict[str, Any] = {"items": entry["items"], "path": path + [index]}
        else:
            path += entry.get("subPath", [])
            self._merge(path, entry.get("data"))
            legacy = {"data": entry.get("data"), "path": path}
        if "errors" in entry:
            legacy["errors"] = entry["errors"]
        return self._labelled(pending, legacy)

    def _failed(self, pending: dict[str, Any], errors: list[Any]) -> dict[str, Any]:
        path = list(pending["path"])
        target = self._node(path)
        if isinstance(target, list):
            entry: dict[str, Any] = {"items": None, "path": path + [len(target)], "errors": errors}
        else:
            entry = {"data": None, "path": path, "errors": errors}
        return self._labelled(pending, entry)

    def _node(self, path: list[Any]) -> Any:
        node = self.data
        for key in path:
            if isinstance(node, dict) and isinstance(key, str):
                node = node.get(key)
            elif isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
                node = node[key]
            else:
                return None
        return node

    def _merge(self, path: list[Any], data: Any) -> None:
        target = self._node(path)
        if isinstance(target, dict) and isinstance(data, dict):
            _deep_merge(target, copy.deepcopy(data))


def _deep_merge(target: dict[str, Any], source: dict[str, Any]) -> None:
    stack = [(target, source)]
    while stack:
        into, values = stack.pop()
        for key, value in values.items():
            if isinstance(value, dict) and isinstance(into.get(key), dict):
                stack.append((into[key], value))
            else:
                into[key] = value


async def multipart_body(
    results: ExperimentalIncrementalExecutionResults,
    legacy: bool,
    cut_after: int | None = None,
) -> AsyncIterator[bytes]:
    """The multipart body, one chunk per part as each is produced, then the closing delimiter.

    With `cut_after`, the body ends after that many parts: no closing delimiter, no `hasNext: false`.
    """
    converter = LegacyConverter() if legacy else None
    stream = payloads(results)
    sent = 0
    try:
        async for payload in stream:
            if cut_after is not None and sent >= cut_after:
                return
            yield part(converter.convert(payload) if converter else payload)
            sent += 1
        yield CLOSING
    finally:
        await stream.aclose()
