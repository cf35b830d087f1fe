"""Writes the code blocks of Baton's markdown documents that are marked to be compiled into a
package directory, so scripts/test-readme.sh can build what the README and the guides show.

    python3 scripts/docs-blocks.py OUT README.md docs/GettingStarted.md ...

A marker is an HTML comment alone on the line before a fenced block (GitHub and DocC hide it):

    <!-- compile: App/main.swift -->    the block goes to OUT/Sources/App/main.swift; blocks
                                         marked with one path are joined in the order written
    <!-- compile: App/F.swift inside: func f(environment: Environment) async throws -->
                                         the block is the body of that declaration: statements
                                         shown with what they need named once, in the marker;
                                         `inside: func f() -> Int { … return x }` puts it at the …;
                                         the block's leading imports go before the declaration
    <!-- output: App -->                 what the executable target App prints, to OUT/expected/App.txt
    <!-- manifest -->                    a Package.swift, to OUT/manifests/<document>.swift
    <!-- excerpt: Sources/X/Y.swift -->  not compiled here: each line of the block (without its
                                         `//` comment) is a line of that file of the repository
                                         (or of one of several, separated by spaces)
    <!-- not compiled: REASON -->        a Swift block left out, and why (say, SwiftUI on Linux)

A `compile:` marker left open (no `-->` on its line) hides its block: the fence follows, and a
line `-->` after the fence closes the comment. Readers never see such a block; it declares what
the shown blocks use and the reader need not (a stand-in for the app's own types).

A Swift block is wrapped in `#sourceLocation`, so the compiler's diagnostics name the document's
own file and line; a GraphQL block is preceded by a comment naming them. A Swift block with no
marker, a marker not followed by a fence, a fence never closed, an excerpt that is not in its
file, or a path that leaves OUT is an error. Prints how many blocks each document gave.
"""

from __future__ import annotations

import os
import re
import sys

MARKER = re.compile(
    r"^<!-- (compile: (?P<path>[A-Za-z0-9_./-]+)( inside: (?P<inside>.+?))?(?P<hidden>$)?"
    r"|output: (?P<target>[A-Za-z0-9_]+)|(?P<manifest>manifest)|excerpt: (?P<excerpt>[A-Za-z0-9_./+ -]+?)"
    r"|not compiled: (?P<reason>.+?))(?(hidden)| -->)$"
)
FENCE = re.compile(r"^```")
IMPORT = re.compile(r"^((@_spi\(\w+\) )?import \w+.*|\s*)\n")
SWIFT_FENCE = re.compile(r"^```swift\s*$")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def check_excerpt(document: str, line: int, text: str, sources: str) -> None:
    """Fails unless every line of `text`, without its `//` comment, is a line of one of `sources`
    (paths in the repository, separated by spaces)."""
    held = set()
    for source in sources.split():
        try:
            with open(os.path.join(ROOT, source), encoding="utf-8") as file:
                held |= {held.strip() for held in file.read().split("\n")}
        except OSError as error:
            raise SystemExit(f"{document}:{line}: error: the excerpt's file cannot be read: {error}")
    for offset, shown in enumerate(text.split("\n")):
        code = re.sub(r"\s*//.*$", "", shown).strip()
        if code and code not in held:
            raise SystemExit(f"{document}:{line + offset}: error: this line is not in {sources}: {code}")


def blocks(path: str) -> list[tuple[str, int, str, str | None]]:
    """The marked blocks of the document at `path`: (destination, line of the block's first line,
    text, the declaration it is the body of)."""
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    name = os.path.splitext(os.path.basename(path))[0]
    found = []
    index = 0
    while index < len(lines):
        match = MARKER.match(lines[index].strip())
        index += 1
        if not match:
            if SWIFT_FENCE.match(lines[index - 1]):
                raise SystemExit(f"{path}:{index}: error: a Swift block with no marker (compile:, excerpt: or not compiled:)")
            if FENCE.match(lines[index - 1]):  # skip a block of another language whole
                while index < len(lines) and not FENCE.match(lines[index]):
                    index += 1
                index += 1
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
        index = end + 1
        if match.group("hidden") is not None:
            if index >= len(lines) or lines[index].strip() != "-->":
                raise SystemExit(f"{path}:{index + 1}: error: a hidden block's comment must close with --> after the fence")
            index += 1
        if match.group("reason"):
            continue
        if match.group("excerpt"):
            check_excerpt(path, start + 1, text.rstrip("\n"), match.group("excerpt"))
            continue
        if match.group("path"):
            destination = os.path.join("Sources", match.group("path"))
        elif match.group("target"):
            destination = os.path.join("expected", match.group("target") + ".txt")
        else:
            destination = os.path.join("manifests", name + ".swift")
        if os.path.isabs(destination) or ".." in destination.split(os.sep):
            raise SystemExit(f"{path}:{index}: error: {destination} leaves the package")
        found.append((destination, start, text, match.group("inside")))
    return found


def source_note(document: str, line: int, destination: str, inside: str | None) -> tuple[str, str]:
    """What goes before and after a block so a diagnostic names the document and line it came
    from: Swift's `#sourceLocation` (in the declaration the block is the body of), or a comment in
    a GraphQL file."""
    if not destination.startswith("Sources"):
        return "", ""  # a manifest's first line must be its tools version; JSON has no comments
    if destination.endswith(".swift"):
        opening, closing = ("", "")
        if inside:
            opening, _, closing = inside.partition(" … ") if " … " in inside else (inside + " {", "", "}")
            opening, closing = opening + "\n", closing + "\n"
        return f'{opening}#sourceLocation(file: "{os.path.abspath(document)}", line: {line})\n', f"#sourceLocation()\n{closing}"
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
        for destination, line, text, inside in found:
            target = os.path.join(out, destination)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            mode = "a" if target in written else "w"
            if mode == "a" and not destination.startswith("Sources"):
                raise SystemExit(f"{document}:{line}: error: {destination} is marked twice")
            # A body's leading imports belong to the file, before the declaration.
            imports = ""
            while inside and IMPORT.match(text):
                first, _, text = text.partition("\n")
                imports, line = imports + first + "\n", line + 1
            before, after = source_note(document, line, destination, inside)
            with open(target, mode, encoding="utf-8") as file:
                file.write(imports + before + text + after)
            written.add(target)
        print(f"{document}: {len(found)} blocks")


if __name__ == "__main__":
    main(sys.argv[1:])
