"""Writes graphql-core's introspection results of two schemas, with each option on and off.

Run from the repository root with the reference server's venv:
    TestServer/.venv/bin/python Tests/BatonCompilerTests/Fixtures/Introspection/write.py

For the reference server's schema (TestServer/schema.graphql) and the generation reference's
(Tests/BatonCompilerTests/Fixtures/Reference/schema.graphql): one file with every option of
`introspection_from_schema` on, one with each of descriptions, specifiedByURL,
directive isRepeatable and deprecated input values off, and one with all of them off.
"""

import json
from pathlib import Path

import graphql
from graphql import build_schema, introspection_from_schema

ROOT = Path(__file__).resolve().parents[4]
SCHEMAS = {
    "server": ROOT / "TestServer" / "schema.graphql",
    "reference": ROOT / "Tests" / "BatonCompilerTests" / "Fixtures" / "Reference" / "schema.graphql",
}
# Baton knows its client directives without a definition; graphql-core needs one.
CLIENT_DIRECTIVES = "directive @semanticNonNull(levels: [Int] = [0]) on FIELD_DEFINITION\n"
OPTIONS = ["descriptions", "specified_by_url", "directive_is_repeatable", "input_value_deprecation"]


def variants():
    yield "all", {option: True for option in OPTIONS}
    for off in OPTIONS:
        yield "no-" + off.replace("_", "-"), {option: option != off for option in OPTIONS}
    yield "none", {option: False for option in OPTIONS}


def main():
    for schema_name, path in SCHEMAS.items():
        text = path.read_text(encoding="utf-8")
        if "@semanticNonNull" in text and "directive @semanticNonNull" not in text:
            text = CLIENT_DIRECTIVES + text
        schema = build_schema(text)
        for variant, options in variants():
            result = introspection_from_schema(schema, **options)
            output = Path(__file__).with_name(f"{schema_name}.{variant}.json")
            output.write_text(json.dumps({"data": result}, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"graphql-core {graphql.__version__}: wrote {len(SCHEMAS) * 6} files")


if __name__ == "__main__":
    main()
