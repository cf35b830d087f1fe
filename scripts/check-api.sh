#!/usr/bin/env bash
# Compares each library module's public API with its listing in api/, so that every change to the
# public surface is a visible diff. `scripts/check-api.sh --update` rewrites the listings.
# api/MODULE.txt is what an app sees; api/MODULE.spi.txt, for a module with any, what sits behind
# an @_spi (the transport seam plug-ins import, the readers generated code calls), by group.
# `--self-test` shows that the check fails when a listing misses a declaration.
# Needs a debug build (`swift build`) of the modules.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == "--self-test" ]]; then
    copy="$(mktemp -d)"
    cp -r api "$copy/api"
    sed -i '1d' "$copy/api/BatonCore.txt"
    if API_DIR="$copy/api" "$0" > /dev/null 2>&1; then
        echo "check-api self-test: a listing missing a declaration passed the check" >&2
        rm -rf "$copy"; exit 1
    fi
    rm -rf "$copy"
    echo "check-api self-test: a listing missing a declaration fails the check"
    exit 0
fi
API="${API_DIR:-api}"
MODULES=(BatonCore BatonTransportCurl BatonTransportFoundation BatonStoreMemory BatonStoreSQLite BatonStoreRedis BatonTestSupport BatonCompiler Baton)
BIN="$(swift build --show-bin-path)"
TRIPLE="$(uname -m)-unknown-linux-gnu"
[[ "$(uname)" == Darwin ]] && TRIPLE="$(uname -m)-apple-macosx15.0"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$API"
status=0
for module in "${MODULES[@]}"; do
    mkdir -p "$WORK/$module"
    swift-symbolgraph-extract -module-name "$module" -target "$TRIPLE" -I "$BIN/Modules" \
        -I Sources/BatonCCurl -I Sources/BatonCSQLite -I Sources/BatonCHiredis -minimum-access-level public -include-spi-symbols \
        -output-dir "$WORK/$module" >/dev/null
    python3 scripts/api-listing.py "$WORK/$module" "$module" > "$WORK/$module.txt"
    python3 scripts/api-listing.py --spi "$WORK/$module" "$module" > "$WORK/$module.spi.txt"
    for listing in "$module.txt" "$module.spi.txt"; do
        # A module with nothing behind an SPI has no SPI listing.
        if [[ "${1:-}" == "--update" ]]; then
            if [[ -s "$WORK/$listing" ]]; then cp "$WORK/$listing" "$API/$listing"; else rm -f "$API/$listing"; fi
            continue
        fi
        expected="$API/$listing"
        [[ -e "$expected" ]] || expected=/dev/null
        if ! diff -u "$expected" "$WORK/$listing" > "$WORK/$listing.diff"; then
            echo "The public API of $module changed and $API/$listing was not updated:" >&2
            cat "$WORK/$listing.diff" >&2
            status=1
        fi
    done
done
if [[ $status -ne 0 ]]; then
    echo "If the change is meant, run scripts/check-api.sh --update and commit api/." >&2
fi
exit $status
