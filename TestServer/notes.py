"""Resolvers of the notes block of schema.graphql: records with identity a mutation changes."""

from __future__ import annotations

import asyncio
from typing import Any

from graphql import GraphQLError, GraphQLSchema

NOTES: dict[str, str] = {}
REVISIONS: dict[str, int] = {}


def _note(note_id: str) -> dict[str, Any]:
    return {
        "id": note_id,
        "text": NOTES.get(note_id, f"note {note_id}"),
        "revision": REVISIONS.get(note_id, 0),
        "author": {"id": f"author-{note_id}", "name": f"author of {note_id}"},
    }


async def resolve_note(_root: Any, _info: Any, id: str, delayMs: int = 0) -> dict[str, Any]:  # noqa: A002, N803
    await asyncio.sleep(max(0, min(delayMs, 60_000)) / 1000)
    return _note(id)


async def resolve_set_note(_root: Any, _info: Any, id: str, text: str, delayMs: int = 0) -> dict[str, Any]:  # noqa: A002, N803
    await asyncio.sleep(max(0, min(delayMs, 60_000)) / 1000)
    if text == "reject":
        raise GraphQLError("The note was rejected", extensions={"code": "REJECTED"})
    NOTES[id] = text
    REVISIONS[id] = REVISIONS.get(id, 0) + 1
    return _note(id)


def attach(schema: GraphQLSchema) -> None:
    """Attaches the notes resolvers."""
    schema.get_type("Query").fields["note"].resolve = resolve_note  # type: ignore[union-attr]
    schema.get_type("Mutation").fields["setNote"].resolve = resolve_set_note  # type: ignore[union-attr]
