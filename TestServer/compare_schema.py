"""Compares a schema file with the reference server's schema, using graphql-core (the reference
implementation's Python port) as the judge.

    compare_schema.py FILE    # FILE: SDL (.graphql/.graphqls) or an introspection result (.json)

Both schemas are rebuilt by graphql-core (`build_schema`, or `build_client_schema` for JSON),
sorted lexicographically and printed with `print_schema`; the texts must be equal. Exits 0 when
they are, 1 with a unified diff when not, 2 when FILE cannot be built into a schema.
"""

from __future__ import annotations

import difflib
import json
import sys
from pathlib import Path

from graphql import build_client_schema, build_schema, lexicographic_sort_schema, print_schema

import execution


def printed(schema) -> str:
    return print_schema(lexicographic_sort_schema(schema))


def main() -> int:
    path = Path(sys.argv[1])
    text = path.read_text(encoding="utf-8")
    try:
        if path.suffix == ".json":
            result = json.loads(text)
            schema = build_client_schema(result.get("data", result))
        else:
            schema = build_schema(text)
    except Exception as error:  # what graphql-core says is wrong with the file
        print(f"{path}: not a schema graphql-core can build: {error}", file=sys.stderr)
        return 2
    expected = printed(execution.SCHEMA)
    actual = printed(schema)
    if actual == expected:
        print(f"{path}: the same schema as the reference server's")
        return 0
    diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(), "server", str(path), lineterm="")
    print("\n".join(diff), file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
