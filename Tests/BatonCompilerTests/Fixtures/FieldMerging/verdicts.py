"""Writes verdicts.json: random documents and the field-merging errors graphql-core reports.

Run from the repository root with the reference server's venv:
    TestServer/.venv/bin/python Tests/BatonCompilerTests/Fixtures/FieldMerging/verdicts.py

The documents repeat subtrees often (as screens repeat the same selections under every type
condition), mix aliases, arguments, type conditions on a union and an interface, and named
fragments, so Baton's memory of compared contents is exercised where conflicts appear and where
they do not. The same seed always writes the same file.
"""

import json
import random
from pathlib import Path

import graphql
from graphql import build_schema, parse, validate
from graphql.validation import OverlappingFieldsCanBeMergedRule

SCHEMA = """
type Query { items(first: Int): [Item!]! node: Node }
interface Node { id: ID! title: String child: Node }
union Item = Alpha | Beta | Gamma
type Alpha implements Node { id: ID! title: String rank: Int score: Float child: Node items(first: Int): [Item!]! }
type Beta implements Node { id: ID! title: String rank: String child: Node items(first: Int): [Item!]! }
type Gamma implements Node { id: ID! title: String! rank: Int child: Node items(first: Int): [Item] }
"""

TYPES = ["Alpha", "Beta", "Gamma", "Node", "Item"]
LEAVES = ["id", "title", "rank", "score"]
COMPOSITES = ["child", "items"]
ALIASES = [None] * 12 + ["title", "rank", "x"]
ARGUMENTS = ["", "", "(first: 1)", "(first: 2)"]
SEED = 0x13_2026
COUNT = 7000


class Generator:
    def __init__(self, rng):
        self.rng = rng
        self.subtrees = []

    def selection_set(self, depth):
        rng = self.rng
        if self.subtrees and rng.random() < 0.35:
            return rng.choice(self.subtrees)
        parts = [self.selection(depth) for _ in range(rng.randint(1, 4))]
        text = "{ " + " ".join(parts) + " }"
        self.subtrees.append(text)
        return text

    def selection(self, depth):
        rng = self.rng
        roll = rng.random()
        if roll < 0.25 and depth > 0:
            return f"... on {rng.choice(TYPES)} {self.selection_set(depth - 1)}"
        if roll < 0.32 and self.fragments:
            return "..." + rng.choice(self.fragments)
        alias = rng.choice(ALIASES)
        prefix = f"{alias}: " if alias else ""
        if roll < 0.6 and depth > 0:
            name = rng.choice(COMPOSITES)
            arguments = rng.choice(ARGUMENTS) if name == "items" else ""
            return f"{prefix}{name}{arguments} {self.selection_set(depth - 1)}"
        return prefix + rng.choice(LEAVES)

    def document(self):
        rng = self.rng
        self.subtrees = []
        self.fragments = []
        definitions = []
        for index in range(rng.randint(0, 2)):
            name = f"F{index}"
            body = self.selection_set(2)
            definitions.append(f"fragment {name} on {rng.choice(TYPES)} {body}")
            self.fragments.append(name)
        root = rng.choice(["items", "items(first: 1)", "node"])
        definitions.insert(0, f"{{ {root} {self.selection_set(3)} }}")
        return "\n".join(definitions)


def main():
    schema = build_schema(SCHEMA)
    generator = Generator(random.Random(SEED))
    cases = []
    while len(cases) < COUNT:
        document = generator.document()
        errors = validate(schema, parse(document), [OverlappingFieldsCanBeMergedRule])
        if any(error.message == "Validation aborted." for error in errors):
            continue
        cases.append(
            {
                "document": document,
                "errors": [
                    {
                        "message": error.message,
                        "locations": [f"{location.line}:{location.column}" for location in error.locations or []],
                    }
                    for error in errors
                ],
            }
        )
    output = {
        "graphqlCore": graphql.__version__,
        "seed": SEED,
        "schema": SCHEMA.strip() + "\n",
        "cases": cases,
    }
    path = Path(__file__).with_name("verdicts.json")
    # One case a line, so a change to the rule's verdicts reads as a diff of whole documents.
    header = json.dumps({key: value for key, value in output.items() if key != "cases"})[:-1]
    lines = [json.dumps(case, separators=(",", ":")) for case in cases]
    path.write_text(header + ', "cases": [\n' + ",\n".join(lines) + "\n]}\n", encoding="utf-8")
    conflicted = sum(1 for case in cases if case["errors"])
    print(f"{len(cases)} documents, {conflicted} with conflicts, written to {path}")


if __name__ == "__main__":
    main()
