"""Writes the code blocks of Baton's markdown documents that are marked to be compiled into a
package directory, so scripts/test-readme.sh can build what the README and the guides show.

    python3 scripts/docs-blocks.py OUT README.md docs/GettingStarted.md ...

A marker is an HTML comment alone on the line before a fenced block (GitHub and DocC hide it):

    <!-- compile: App/main.swift -->    the block goes to OUT/Sources/App/main.swift; blocks
                                         marked with one path are joined in the order written
    <!-- output: App -->                 what the executable target App prints, to OUT/expected/App.txt
    <!-- manifest -->                    a Package.swift, to OUT/manifests/<document>.swift

A Swift block is wrapped in `#sourceLocation`, so the compiler's diagnostics name the document's
own file and line; a GraphQL block is preceded by a comment naming them. A marker not followed by a fence, a fence never
closed, or a path that leaves OUT is an error. Prints how many blocks each document gave.
"""

from __future__ import annotations

import os
import re
import sys

MARKER = re.compile(r"^<!-- (compile: (?P<path>[A-Za-z0-9_./-]+)|output: (?P<target>[A-Za-z0-9_]+)|(?P<manifest>manifest)) -->$")
FENCE = re.compile(r"^```")


def blocks(path: str) -> list[tuple[str, int, str]]:
    """The marked blocks of the document at `path`: (destination, line of the block's first line, text)."""
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    name = os.path.splitext(os.path.basename(path))[0]
    found = []
    index = 0
    while index < len(lines):
        match = MARKER.match(lines[index].strip())
        index += 1
        if not match:
            continue
        if index >= len(lines) or not FENCE.match(lines[index]):
            raise SystemExit(f"{path}:{index}: error: a marker must be followed by a fenced code block")
        start = index + 1
        end = start
        while end < len(lines) and not FENCE.match(lines[end]):
            end += 1
        if end == len(lines):
            raise SystemExit(f"{path}:{start}: error: the fenced block is never closed")
        text = "\n".join(lines[start:end]) + "\n"
        if match.group("path"):
            destination = os.path.join("Sources", match.group("path"))
        elif match.group("target"):
            destination = os.path.join("expected", match.group("target") + ".txt")
        else:
            destination = os.path.join("manifests", name + ".swift")
        if os.path.isabs(destination) or ".." in destination.split(os.sep):
            raise SystemExit(f"{path}:{index}: error: {destination} leaves the package")
        found.append((destination, start, text))
        index = end + 1
    return found


def source_note(document: str, line: int, destination: str) -> tuple[str, str]:
    """What goes before and after a block so a diagnostic names the document and line it came
    from: Swift's `#sourceLocation`, or a comment in a GraphQL file."""
    if not destination.startswith("Sources"):
        return "", ""  # a manifest's first line must be its tools version; JSON has no comments
    if destination.endswith(".swift"):
        return f'#sourceLocation(file: "{os.path.abspath(document)}", line: {line})\n', "#sourceLocation()\n"
    if destination.endswith(".graphql"):
        return f"# {document}:{line}\n", ""
    return "", ""


def main(arguments: list[str]) -> None:
    if len(arguments) < 2:
        raise SystemExit(__doc__)
    out, documents = arguments[0], arguments[1:]
    written: set[str] = set()
    for document in documents:
        found = blocks(document)
        if not found:
            raise SystemExit(f"{document}: error: no block is marked to be compiled")
        for destination, line, text in found:
            target = os.path.join(out, destination)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            mode = "a" if target in written else "w"
            if mode == "a" and not destination.startswith("Sources"):
                raise SystemExit(f"{document}:{line}: error: {destination} is marked twice")
            before, after = source_note(document, line, destination)
            with open(target, mode, encoding="utf-8") as file:
                file.write(before + text + after)
            written.add(target)
        print(f"{document}: {len(found)} blocks")


if __name__ == "__main__":
    main(sys.argv[1:])
