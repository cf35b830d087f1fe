"""Fails when a public symbol of the documented modules has no `///` comment, or one without a
summary line (only `- Parameters:`, which DocC shows with no abstract): reads the symbol
graphs `make docs` extracted (public symbols only, so `@_spi(Generated)` API is not in them).

    python3 scripts/docs-coverage.py SYMBOL_GRAPH_DIR...
    python3 scripts/docs-coverage.py --self-test

A symbol is judged when it is declared in this package's Sources (the compiler's own, such as a
synthesized `hashValue`, has no place there); an extension of another module's type is not, its
members are. One whose comment it inherits from a protocol of
another module (`description` from `CustomStringConvertible`) shows that comment and counts as
documented. Prints each undocumented symbol as `file:line: Module.path (kind)`, then a summary line;
exits 1 when any is undocumented.
"""

from __future__ import annotations

import contextlib
import glob
import io
import json
import os
import sys
import tempfile
from urllib.parse import unquote, urlparse


def self_test() -> int:
    """The check fails on a graph with one undocumented symbol, and passes once it is documented."""
    symbol = {"kind": {"identifier": "swift.struct", "displayName": "Structure"}, "pathComponents": ["Planted"],
              "location": {"uri": "file:///p/Sources/M/Planted.swift", "position": {"line": 0, "character": 0}}}
    results = []
    planted = "file:///p/Sources/M/Planted.swift"
    for comment in (None, {"uri": planted, "lines": [{"text": "- Parameter x: no summary."}]},
                    {"uri": planted, "lines": [{"text": "A planted type."}]}):
        with tempfile.TemporaryDirectory() as directory:
            with open(os.path.join(directory, "M.symbols.json"), "w", encoding="utf-8") as file:
                json.dump({"module": {"name": "M"}, "symbols": [dict(symbol, docComment=comment) if comment else symbol]}, file)
            with contextlib.redirect_stdout(io.StringIO()):
                results.append(check([directory]))
    if results != [1, 1, 0]:
        print(f"docs-coverage self-test: no comment, no summary and a summary gave {results}, not [1, 1, 0]")
        return 1
    print("docs-coverage self-test: a public symbol without a doc comment or its summary fails the check")
    return 0


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    return check(sys.argv[1:])


def check(directories: list[str]) -> int:
    undocumented: list[str] = []
    judged = 0
    inherited = 0
    for directory in directories:
        for path in sorted(glob.glob(os.path.join(directory, "*.symbols.json"))):
            if "@" in os.path.basename(path):
                continue  # extensions of other modules' types, also listed in the main graph's module
            with open(path, encoding="utf-8") as file:
                graph = json.load(file)
            module = graph["module"]["name"]
            for symbol in graph["symbols"]:
                location = symbol.get("location")
                if not location or "/Sources/" not in location["uri"] or symbol["kind"]["identifier"] == "swift.extension":
                    continue  # the compiler's own, or an extension block (its members are judged)
                judged += 1
                comment = symbol.get("docComment")
                text = [line["text"].strip() for line in (comment or {}).get("lines", []) if line["text"].strip()]
                # A comment that opens with `- Parameters:` has no summary, which DocC shows as the abstract.
                if text and not text[0].startswith("- "):
                    if "/Sources/" not in comment.get("uri", ""):
                        inherited += 1
                    continue
                file_path = unquote(urlparse(location["uri"]).path)
                relative = file_path[file_path.index("/Sources/") + 1:]
                line = location["position"]["line"] + 1
                name = ".".join(symbol["pathComponents"])
                problem = "no summary line" if text else "no doc comment"
                undocumented.append(f"{relative}:{line}: {module}.{name} ({symbol['kind']['displayName']}): {problem}")
    for entry in sorted(set(undocumented)):
        print(entry)
    print(f"doc comments: {judged - len(undocumented)} of {judged} public symbols documented"
          f" ({inherited} by a protocol of another module), {len(set(undocumented))} undocumented")
    return 1 if undocumented else 0


if __name__ == "__main__":
    sys.exit(main())
