"""Resolvers of the local data block of schema.graphql: a refused mutation and the scalar samples."""

from __future__ import annotations

import re
from typing import Any

from graphql import GraphQLError, GraphQLScalarType, GraphQLSchema

# A Decimal is written as a JSON number with every digit it has, which json.dumps cannot do
# for a float: its serializer gives this marker, and `exact_numbers` turns each marked string
# into the bare number text.
_DECIMAL_MARK = "\u0000decimal:"
_MARKED = re.compile(r'"\\u0000decimal:(-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)"')

VALID = {
    "instant": "2026-12-02T21:05:00Z",
    "fractionalInstant": "2026-12-02T21:05:00.250Z",
    "offsetInstant": "2026-12-02T23:05:00+02:00",
    "url": "https://example.com/notes?id=1#top",
    "uuid": "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f",
    "decimal": _DECIMAL_MARK + "12345678901234567890.0123456789",
    "smallDecimal": _DECIMAL_MARK + "0.1",
}

INVALID = {
    "instant": "yesterday",
    "fractionalInstant": "2026-13-45T99:00:00Z",
    "offsetInstant": 17,
    "url": "",
    "uuid": "not-a-uuid",
    "decimal": "twelve",
    "smallDecimal": True,
}


def exact_numbers(text: str) -> str:
    """`text` (JSON) with each marked Decimal written as the bare number it is."""
    return _MARKED.sub(r"\1", text) if "\\u0000decimal:" in text else text


def resolve_refuse_note(_root: Any, _info: Any, id: str, text: str) -> None:  # noqa: A002
    raise GraphQLError(f"The note {id} may not become {text!r}", extensions={"code": "REFUSED"})


def attach(schema: GraphQLSchema) -> None:
    """Attaches the local data resolvers."""
    schema.get_type("Mutation").fields["refuseNote"].resolve = resolve_refuse_note  # type: ignore[union-attr]
    schema.get_type("Query").fields["scalarSamples"].resolve = (  # type: ignore[union-attr]
        lambda _root, _info, valid=True: VALID if valid else INVALID
    )
    for name in ("DateTime", "URL", "UUID", "Decimal"):
        scalar = schema.get_type(name)
        assert isinstance(scalar, GraphQLScalarType)
        scalar.serialize = lambda value: value  # type: ignore[method-assign]
