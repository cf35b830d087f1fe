"""Points a module's symbol links at the umbrella's pages, for `make docs`: BatonTestSupport's and
BatonCompiler's comments name BatonCore's symbols (``Transport``), which their own archives do not
hold; the Baton archive does, so each such link becomes ``/Baton/Transport``, which `docc convert
--dependency` resolves against that archive.

    python3 scripts/docs-external-links.py GRAPH_DIR DEPENDENCY_MODULE OUTPUT_DIR

A link stays as written when its first part names a symbol of the module itself (a member such as
``Check`` is linked from inside its type). Prints how many links it pointed elsewhere.
"""

from __future__ import annotations

import glob
import json
import os
import re
import sys

SYMBOL_LINK = re.compile(r"``([^`/][^`]*)``")


def first_part(link: str) -> str:
    """`Check/success` → `Check`, `init(_:)` → `init`, `lost-swift.type.property` → `lost`."""
    return re.split(r"[/(-]", link, maxsplit=1)[0]


def main() -> int:
    graphs, dependency, output = sys.argv[1:4]
    os.makedirs(output, exist_ok=True)
    pointed = 0
    for path in glob.glob(os.path.join(graphs, "*.symbols.json")):
        with open(path, encoding="utf-8") as file:
            graph = json.load(file)
        own = {first_part(c) for symbol in graph["symbols"] for c in symbol["pathComponents"]}
        own.add(graph["module"]["name"])

        def point(match: re.Match[str]) -> str:
            nonlocal pointed
            if first_part(match.group(1)) in own:
                return match.group(0)
            pointed += 1
            return f"``/{dependency}/{match.group(1)}``"

        for symbol in graph["symbols"]:
            for line in (symbol.get("docComment") or {}).get("lines", []):
                line["text"] = SYMBOL_LINK.sub(point, line["text"])
        with open(os.path.join(output, os.path.basename(path)), "w", encoding="utf-8") as file:
            json.dump(graph, file)
    print(f"{pointed} symbol links pointed at {dependency}'s pages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
