"""Lays out a DocC catalog for `make docs`: the catalog in Sources/ copied, with every guide in docs/
added as an article, so the guides are written once, as GitHub shows them, and DocC gets its own
links.

    python3 scripts/docs-articles.py CATALOG DOCS SYMBOL_GRAPH OUTPUT
    python3 scripts/docs-articles.py --self-test

- `[text](Guide.md)` and `[text](Guide.md#a-heading)` become `[text](<doc:Guide>)` and
  `[text](<doc:Guide#A-heading>)` (GitHub's lowercase anchor turned back into DocC's, which keeps the
  heading's case); `[text](#a-heading)` likewise within the page; `[Guide.md](Guide.md)` becomes
  `<doc:Guide>`, which shows the article's title. A link out of docs/ (`../X.md`) keeps its text and
  loses its target, which is not part of the site.
- GitHub's code span with backticks in it (`` `default` ``), which DocC would take for a symbol
  link, becomes the backticks as text around a plain code span.
- A guide named in prose by its path (`docs/Fragments.md`) becomes a link to its article.
- A backticked name that is exactly one symbol of SYMBOL_GRAPH (`Failure`, `Failure.kind`,
  `FetchPolicy.storeOnly`) becomes a symbol link; an overloaded name, a call, or code is left as code.
- The landing page's `## Topics` gets a `### Guides` group listing every article, in GUIDE_ORDER
  first and then by name, so a new guide needs no second edit.
Nothing inside a code block changes. Standard library only.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys

# The guides a reader meets first, in reading order; the rest follow by name.
GUIDE_ORDER = [
    "GettingStarted", "Runtime", "GeneratedCode", "Configuration", "Failures", "Fragments", "Pagination",
    "ListUpdates", "LocalData", "Production", "Image", "Fleet", "CustomTransport", "CustomStore", "CLI", "Executor",
]

LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
LINKED_TEXT = re.compile(r"(\[[^\]]*\]\([^)]*\)|<doc:[^>]*>)")
# GitHub's code span that shows backticks, `` `default` ``: to DocC, two backticks or more make a
# symbol link, so the backticks go outside a plain code span, as escaped characters.
LITERAL_BACKTICKS = re.compile(r"(`{2,})\s?(.*?)\s?\1(?!`)")


def literal_backticks(match: re.Match[str]) -> str:
    inner = match.group(2)
    if "`" not in inner:
        return f"`{inner}`"
    if re.fullmatch(r"`[^`]+`", inner):
        return f"\\`{inner}\\`"
    raise SystemExit(f"error: DocC cannot show the code span {match.group(0)} (backticks inside)")


# A guide named in prose as a path, `docs/Fragments.md` (in backticks or not).
GUIDE_MENTION = re.compile(r"`?\bdocs/(\w+)\.md\b`?")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lowercase, punctuation dropped, spaces to dashes."""
    text = re.sub(r"[`*_]", "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def docc_anchor(heading: str) -> str:
    """The fragment DocC resolves for a heading: its words, case kept, joined by dashes."""
    text = re.sub(r"[`*_]", "", heading)
    return "-".join(re.findall(r"[\w.]+", text)).strip(".")


def headings(markdown: str) -> dict[str, str]:
    """GitHub anchor → DocC anchor, for each heading outside code."""
    anchors: dict[str, str] = {}
    for line, in_code in lines_with_code_state(markdown):
        match = None if in_code else HEADING.match(line)
        if match:
            anchors.setdefault(github_anchor(match.group(2)), docc_anchor(match.group(2)))
    return anchors


def lines_with_code_state(markdown: str):
    """Each line, and whether it belongs to a code block (fenced, or indented after a paragraph break
    outside a list)."""
    fence = None
    previous_blank = True
    in_list = False
    indented_code = False
    for line in markdown.split("\n"):
        stripped = line.lstrip()
        if fence:
            if stripped.startswith(fence):
                fence = None
            yield line, True
            previous_blank = False
            continue
        if stripped.startswith("```") or stripped.startswith("~~~"):
            fence = stripped[:3]
            yield line, True
            continue
        blank = not stripped
        indented = line.startswith("    ") or line.startswith("\t")
        if indented_code and (indented or blank):
            yield line, True
            previous_blank = blank
            continue
        indented_code = indented and previous_blank and not in_list
        if not blank and not indented:
            in_list = bool(re.match(r"([-*+]|\d+\.)\s", stripped))
        yield line, indented_code
        previous_blank = blank


def symbol_paths(symbol_graph: str) -> dict[str, str]:
    """A name as prose writes it (`Failure.kind`) → its DocC path (`Failure/kind`), for the names
    that are exactly one symbol: types, and their members that are no function."""
    with open(symbol_graph, encoding="utf-8") as file:
        graph = json.load(file)
    counts: dict[str, int] = {}
    # Another module's types (`Int`, `Date`) are documented there, not here.
    extended = {s["pathComponents"][0] for s in graph["symbols"] if s["kind"]["identifier"] == "swift.extension"}
    for symbol in graph["symbols"]:
        components = symbol["pathComponents"]
        kind = symbol["kind"]["identifier"]
        if len(components) > 2 or components[0] in extended or kind.endswith(("method", "func", "init", "subscript", "func.op")):
            continue
        name = ".".join(components)
        counts[name] = counts.get(name, 0) + 1
    return {name: name.replace(".", "/") for name, count in counts.items() if count == 1}


def rewrite(markdown: str, name: str, guides: dict[str, dict[str, str]], symbols: dict[str, str]) -> str:
    """The guide `name` with its links made DocC's."""

    def link(match: re.Match[str]) -> str:
        text, target = match.group(1), match.group(2)
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("<doc:"):
            return match.group(0)
        path, _, anchor = target.partition("#")
        guide = os.path.splitext(os.path.basename(path))[0] if path else name
        if not ((path == "" or (path.endswith(".md") and "/" not in path)) and guide in guides):
            return text  # a link out of the site (`../BENCHMARKS.md`) keeps its words
        if anchor:
            fragment = guides[guide].get(anchor)
            if fragment is None:
                raise SystemExit(f"error: docs/{name}.md links to {target}, which names no heading")
            doc = f"<doc:{guide}#{fragment}>"
        else:
            doc = f"<doc:{guide}>"
        # A link whose words are the file's name shows the article's title instead.
        return doc if re.fullmatch(r"`?[\w/]*\.md`?", text) and not anchor else f"[{text}]({doc})"

    def symbol(match: re.Match[str]) -> str:
        path = symbols.get(match.group(1))
        return f"``{path}``" if path else match.group(0)

    def mention(match: re.Match[str]) -> str:
        return f"<doc:{match.group(1)}>" if match.group(1) in guides else match.group(0)

    def prose(text: str) -> str:
        text = LITERAL_BACKTICKS.sub(literal_backticks, text)
        return CODE_SPAN.sub(symbol, GUIDE_MENTION.sub(mention, text))

    out = []
    for line, in_code in lines_with_code_state(markdown):
        if not in_code:
            line = LINK.sub(link, line)
            if not HEADING.match(line):
                # A link's text stays as written: a symbol link inside a link is no link.
                parts = LINKED_TEXT.split(line)
                line = "".join(p if i % 2 else prose(p) for i, p in enumerate(parts))
        out.append(line)
    return "\n".join(out)


def guides_group(names: list[str]) -> str:
    ordered = [n for n in GUIDE_ORDER if n in names] + sorted(n for n in names if n not in GUIDE_ORDER)
    return "### Guides\n\n" + "".join(f"- <doc:{n}>\n" for n in ordered)


# (guide text, what the article must read): each rewrite, and what must stay as it is.
SELF_TEST = [
    ("See [the file](Configuration.md).", "See [the file](<doc:Configuration>)."),
    ("See [retries](Production.md#automatic-persisted-queries).",
     "See [retries](<doc:Production#Automatic-Persisted-Queries>)."),
    ("Below: [the rule](#the-one-rule).", "Below: [the rule](<doc:Guide#The-one-rule>)."),
    ("Read [Production.md](Production.md).", "Read <doc:Production>."),
    ("Numbers in [BENCHMARKS.md](../BENCHMARKS.md).", "Numbers in BENCHMARKS.md."),
    ("Out: [spec](https://spec.graphql.org/).", "Out: [spec](https://spec.graphql.org/)."),
    ("A `Failure`, its `Failure.kind`, `watch(_:)`, `Nothing`.", "A ``Failure``, its ``Failure/kind``, `watch(_:)`, `Nothing`."),
    ("[`Failure`](Production.md)", "[`Failure`](<doc:Production>)"),
    ("As docs/Production.md says.", "As <doc:Production> says."),
    ("| `` `default` `` |", "| \\``default`\\` |"),
    ("```swift\nlet x: Failure = `Failure` // [a](Production.md)\n```", "```swift\nlet x: Failure = `Failure` // [a](Production.md)\n```"),
    ("Text:\n\n    `Failure` [a](Production.md)\n", "Text:\n\n    `Failure` [a](Production.md)\n"),
    ("- item\n\n    `Failure` continues it", "- item\n\n    ``Failure`` continues it"),
    ("## The one rule: `Failure`", "## The one rule: `Failure`"),
]


def self_test() -> int:
    guides = {"Guide": headings("# Guide\n\n## The one rule\n"),
              "Configuration": {}, "Production": headings("## Automatic Persisted Queries\n")}
    symbols = {"Failure": "Failure", "Failure.kind": "Failure/kind"}
    failed = [(text, want, got) for text, want in SELF_TEST if (got := rewrite(text, "Guide", guides, symbols)) != want]
    for text, want, got in failed:
        print(f"docs-articles self-test: {text!r} became {got!r}, not {want!r}")
    if not failed:
        print(f"docs-articles self-test: {len(SELF_TEST)} rewrites as expected")
    return 1 if failed else 0


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    catalog, docs, symbol_graph, output = sys.argv[1:5]
    shutil.rmtree(output, ignore_errors=True)
    shutil.copytree(catalog, output)
    sources = {os.path.splitext(f)[0]: os.path.join(docs, f) for f in os.listdir(docs) if f.endswith(".md")}
    texts = {name: open(path, encoding="utf-8").read() for name, path in sources.items()}
    guides = {name: headings(text) for name, text in texts.items()}
    symbols = symbol_paths(symbol_graph)
    articles = os.path.join(output, "Guides")
    os.makedirs(articles, exist_ok=True)
    for name, text in texts.items():
        with open(os.path.join(articles, name + ".md"), "w", encoding="utf-8") as file:
            file.write(rewrite(text, name, guides, symbols))
    landing = os.path.join(output, os.path.basename(catalog.rstrip("/")).removesuffix(".docc") + ".md")
    page = open(landing, encoding="utf-8").read()
    if "\n## Topics\n" not in page:
        raise SystemExit(f"error: {landing} has no '## Topics' section for the guides")
    page = page.replace("\n## Topics\n", "\n## Topics\n\n" + guides_group(list(texts)), 1)
    with open(landing, "w", encoding="utf-8") as file:
        file.write(page)
    print(f"{len(texts)} guides staged as articles in {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
