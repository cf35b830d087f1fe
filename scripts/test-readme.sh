#!/usr/bin/env bash
# Builds the code the README and the guides show, as written, in a package outside Baton's own:
# each marked block (scripts/docs-blocks.py) becomes a file of one of its targets, every target
# depends on the `Baton` product and applies the `BatonGenerate` build plugin, and a target with
# no schema of its own compiles against the reference server's (TestServer/schema.graphql). Then
# the README's app runs against the reference server and must print what the README says it prints.
# A Package.swift a guide shows is read by `swift package dump-package`.
#
# The package is kept in .build/docs-check (BATON_DOCS_CHECK to move it), so a second run builds
# only what changed; its Sources are written afresh each run.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
swift="${SWIFT:-swift}"
work="${BATON_DOCS_CHECK:-$root/.build/docs-check}"
documents=(README.md docs/GettingStarted.md docs/GeneratedCode.md docs/Runtime.md)

rm -rf "$work/Sources" "$work/expected" "$work/manifests" "$work/build.log"
mkdir -p "$work"
python3 scripts/docs-blocks.py "$work" "${documents[@]}"

# A target without its own baton.json compiles its documents against the reference server's
# schema, as the guides' operations are written for it.
targets=()
for directory in "$work"/Sources/*/; do
    target="$(basename "$directory")"
    targets+=("$target")
    if [ ! -f "$directory/baton.json" ]; then
        printf '{"schema": "schema.graphql", "documents": "**/*.graphql", "output": "Generated", "accessLevel": "internal"}\n' >"$directory/baton.json"
    fi
    [ -f "$directory/schema.graphql" ] || cp TestServer/schema.graphql "$directory/schema.graphql"
    # The plugin needs a Swift file to run for a target (SwiftPM drops one without).
    compgen -G "$directory*.swift" >/dev/null || { echo "$target has no Swift block" >&2; exit 1; }
done

{
    echo '// swift-tools-version: 6.1'
    echo 'import PackageDescription'
    echo
    echo '// Written by scripts/test-readme.sh from the blocks of the README and the guides.'
    echo 'let package = Package('
    echo '    name: "DocsCheck",'
    echo '    platforms: [.macOS(.v15)],'
    echo "    dependencies: [.package(name: \"Baton\", path: \"$root\")],"
    echo '    targets: ['
    for target in "${targets[@]}"; do
        kind=target
        [ -f "$work/Sources/$target/main.swift" ] && kind=executableTarget
        echo "        .$kind("
        echo "            name: \"$target\","
        echo '            dependencies: [.product(name: "Baton", package: "Baton")],'
        echo '            resources: [.copy("baton.json")],'
        echo '            swiftSettings: [.enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("MemberImportVisibility")],'
        echo '            plugins: [.plugin(name: "BatonGenerate", package: "Baton")]'
        echo '        ),'
    done
    echo '    ]'
    echo ')'
} >"$work/Package.swift"

# Each Package.swift a guide shows, pointed at this checkout, must be a manifest SwiftPM reads.
for manifest in "$work"/manifests/*.swift; do
    [ -e "$manifest" ] || continue
    check="$work/manifest-check/$(basename "$manifest" .swift)"
    rm -rf "$check"
    mkdir -p "$check"
    sed -E "s|\.package\(url: \"[^\"]*\", from: \"[^\"]*\"\)|.package(name: \"Baton\", path: \"$root\")|" "$manifest" >"$check/Package.swift"
    grep -q "path: \"$root\"" "$check/Package.swift" || { echo "$manifest: could not point the package at $root" >&2; exit 1; }
    (cd "$check" && "$swift" package dump-package >/dev/null) || { echo "$manifest: swift package dump-package failed" >&2; exit 1; }
    echo "$(basename "$manifest" .swift): its Package.swift reads"
done

server_log="$(mktemp)"
coproc SERVER { exec TestServer/.venv/bin/python TestServer/server.py --port 0 2>"$server_log"; }
trap 'kill "$SERVER_PID" 2>/dev/null || true; rm -f "$server_log"' EXIT
read -r -t 30 word port <&"${SERVER[0]}" || { echo "the reference server did not start:"; cat "$server_log"; exit 1; }
[ "$word" = LISTENING ] || { echo "unexpected line from the server: $word $port"; exit 1; }
# Every target that runs names the reference server at http://localhost:4000/graphql, as a reader
# would start it; here it listens on a free port instead.
for expected in "$work"/expected/*.txt; do
    file="$work/Sources/$(basename "$expected" .txt)/baton.json"
    sed -i "s|http://localhost:4000/graphql|http://127.0.0.1:$port/graphql|" "$file"
    grep -q "127.0.0.1:$port" "$file" || { echo "$file names no http://localhost:4000/graphql" >&2; exit 1; }
done

started=$(date +%s)
log="$work/build.log"
# BATON_SCRATCH: a scratch path shared with other packages that depend on this checkout (make
# test-readme shares the examples'), so Baton is not compiled again for this one.
scratch=("--scratch-path" "${BATON_SCRATCH:-$work/.build}")
if ! (cd "$work" && "$swift" build "${scratch[@]}" 2>&1) | tee "$log"; then
    echo "the README's or a guide's code did not build (above)" >&2
    exit 1
fi
# The documents' code, and what the compiler generated from their GraphQL, builds with no warning.
if grep -E "^($work/|${scratch[1]}/|$root/README.md|$root/docs/)[^ ]*: warning:" "$log"; then
    echo "the README's or a guide's code builds with warnings (above)" >&2
    exit 1
fi
echo "the README's and the guides' code: built in $(( $(date +%s) - started )) s (${targets[*]})"

bin="$(cd "$work" && "$swift" build "${scratch[@]}" --show-bin-path)"
for expected in "$work"/expected/*.txt; do
    target="$(basename "$expected" .txt)"
    printed="$(mktemp)"
    if ! timeout 60 "$bin/$target" >"$printed"; then
        cat "$printed"
        echo "$target failed (above, what it printed)" >&2
        exit 1
    fi
    if ! diff -u "$expected" "$printed"; then
        echo "$target printed something else than its document shows (above: - shown, + printed)" >&2
        exit 1
    fi
    rm -f "$printed"
    echo "$target printed what its document shows"
done
