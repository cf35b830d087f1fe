#!/usr/bin/env bash
# Builds the documentation site into .build/docs (`make docs`), with the toolchain alone: a
# static site, one archive per documented module merged under one start page.
#
# - Symbol graphs of the public API (no @_spi), extracted from the debug build's modules. The
#   umbrella's graph includes every module it re-exports (`@_exported import` in
#   Sources/Baton/Baton.swift), so the Baton module's pages hold the core's and the built-in
#   plug-ins' symbols; `swift package dump-symbol-graph` cannot ask for that.
# - Fails when a public symbol has no doc comment (scripts/docs-coverage.py).
# - Each module's catalog (Sources/MODULE/MODULE.docc) is laid out in .build/docs-work; the
#   umbrella's gets every guide in docs/ as an article (scripts/docs-articles.py).
# - `docc convert --warnings-as-errors` for each, then `docc merge` into .build/docs. The other
#   modules' links to the core's symbols resolve against the umbrella's archive
#   (scripts/docs-external-links.py), whose pages the merged site holds.
# Needs a debug build of the modules (`swift build`) from the sources as they are now: a graph's doc
# comments are read back from the source files at the places the build recorded.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT="${SWIFT:-swift}"
OUTPUT="${DOCS_OUTPUT:-.build/docs}"
WORK=.build/docs-work
# The documented modules: the umbrella first, then the other libraries an app or a plug-in uses.
MODULES=(Baton BatonTestSupport BatonCompiler)
# The toolchain's own tools, beside its `swift` (on macOS, where `swift` is a shim, through xcrun).
TOOLCHAIN="$(dirname "$(readlink -f "$(command -v "$SWIFT")")")"
if [[ ! -x "$TOOLCHAIN/docc" ]] && command -v xcrun > /dev/null; then
    TOOLCHAIN="$(dirname "$(xcrun --find docc)")"
fi
DOCC="${DOCC:-$TOOLCHAIN/docc}"
BIN="$("$SWIFT" build --show-bin-path)"
TRIPLE="$(uname -m)-unknown-linux-gnu"
[[ "$(uname)" == Darwin ]] && TRIPLE="$(uname -m)-apple-macosx15.0"
REEXPORTED="$(sed -n 's/^ *@_exported import \([A-Za-z]*\).*/\1/p' Sources/Baton/Baton.swift | paste -sd, -)"

rm -rf "$WORK"
mkdir -p "$WORK"
for module in "${MODULES[@]}"; do
    graphs="$WORK/symbol-graphs/$module"
    mkdir -p "$graphs"
    extra=()
    [[ "$module" == Baton ]] && extra=("-experimental-allowed-reexported-modules=$REEXPORTED")
    "$TOOLCHAIN/swift-symbolgraph-extract" -module-name "$module" -target "$TRIPLE" -I "$BIN/Modules" \
        -I Sources/BatonCCurl -I Sources/BatonCSQLite -I Sources/BatonCHiredis -minimum-access-level public \
        -emit-extension-block-symbols -output-dir "$graphs" "${extra[@]}" > /dev/null
done
python3 scripts/docs-coverage.py --self-test
python3 scripts/docs-articles.py --self-test
python3 scripts/docs-coverage.py "$WORK"/symbol-graphs/*

archives=()
for module in "${MODULES[@]}"; do
    catalog="$WORK/$module.docc"
    graphs="$WORK/symbol-graphs/$module"
    linking=(--enable-experimental-external-link-support)
    if [[ "$module" == Baton ]]; then
        python3 scripts/docs-articles.py "Sources/$module/$module.docc" docs "$graphs/$module.symbols.json" "$catalog"
    else
        cp -r "Sources/$module/$module.docc" "$catalog"
        # Links to the core's symbols resolve against the umbrella's archive, built first.
        python3 scripts/docs-external-links.py "$graphs" Baton "$WORK/symbol-graphs/$module-linked"
        graphs="$WORK/symbol-graphs/$module-linked"
        linking+=(--dependency "$WORK/Baton.doccarchive")
    fi
    "$DOCC" convert "$catalog" --additional-symbol-graph-dir "$graphs" \
        --output-path "$WORK/$module.doccarchive" --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.baton.$module" --fallback-default-module-kind Framework \
        --default-code-listing-language swift --transform-for-static-hosting --warnings-as-errors \
        "${linking[@]}"
    archives+=("$WORK/$module.doccarchive")
done
rm -rf "$OUTPUT"
"$DOCC" merge "${archives[@]}" --output-path "$OUTPUT" --synthesized-landing-page-name Baton \
    --synthesized-landing-page-kind Package --synthesized-landing-page-topics-style list
# DocC draws nothing at the site's root: send a reader who opens it to the start page.
cat > "$OUTPUT/index.html" <<'HTML'
<!doctype html>
<meta charset="utf-8">
<title>Baton</title>
<meta http-equiv="refresh" content="0; url=documentation/">
<a href="documentation/">Baton's documentation</a>
HTML
echo "The documentation site is in $OUTPUT (serve it over HTTP: its pages load their content with fetch)."
