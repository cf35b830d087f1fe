#!/usr/bin/env bash
# Builds Examples/ThirdPartyPlugins as a package outside this repository would be built: copied to
# a temporary directory, depending on Baton by the repository's absolute path, as its own root
# package. Its tests run Baton's TransportConformance against its own transport and
# StoreConformance against its own store with plain `swift test`: no reference server, no Python.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r Examples/ThirdPartyPlugins "$work/ThirdPartyPlugins"
rm -rf "$work/ThirdPartyPlugins/.build"
sed -i.orig "s|path: \"../..\"|path: \"$root\"|" "$work/ThirdPartyPlugins/Package.swift"
rm -f "$work/ThirdPartyPlugins/Package.swift.orig"
grep -q "path: \"$root\"" "$work/ThirdPartyPlugins/Package.swift" || { echo "could not point the package at $root" >&2; exit 1; }
cd "$work/ThirdPartyPlugins"
started=$(date +%s)
# BATON_SCRATCH: a scratch path shared with other packages that depend on this checkout (make
# outside-package shares the examples'); the package is still its own root, outside the repository.
${SWIFT:-swift} test ${BATON_SCRATCH:+--scratch-path "$BATON_SCRATCH"} "$@"
echo "outside package: swift test passed in $(( $(date +%s) - started )) s (build included)"
