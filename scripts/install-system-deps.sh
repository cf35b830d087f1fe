#!/usr/bin/env bash
# Installs the Debian packages given as arguments when any is missing (needs root, as on CI).
set -euo pipefail
missing=()
for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
    missing+=(python3-venv)
fi
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
echo "Installing ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
    echo "error: need root to install ${missing[*]} (run: sudo apt-get install -y ${missing[*]})" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${missing[@]}"
