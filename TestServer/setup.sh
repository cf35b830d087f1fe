#!/usr/bin/env bash
# Creates TestServer/.venv with the pinned packages of requirements.txt.
# A quick no-op when the venv already holds exactly these pins (a stamp keeps the file's hash).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$here/.venv"
requirements="$here/requirements.txt"
stamp="$venv/.requirements.sha256"
want="$(sha256sum "$requirements" | cut -d' ' -f1)"

if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    exit 0
fi

python="${PYTHON:-python3}"
if ! command -v "$python" >/dev/null 2>&1; then
    echo "TestServer/setup.sh: $python not found; install Python 3.11 or later (Debian: apt-get install python3 python3-venv)" >&2
    exit 1
fi
if ! "$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)'; then
    echo "TestServer/setup.sh: $python is $("$python" --version 2>&1); the pinned packages need Python 3.11 or later" >&2
    exit 1
fi

if [ ! -x "$venv/bin/python" ]; then
    rm -rf "$venv"
    if ! "$python" -m venv "$venv" 2>/dev/null; then
        rm -rf "$venv"
        # Debian ships venv's ensurepip separately; install it when we may.
        if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
            echo "TestServer/setup.sh: installing python3-venv" >&2
            apt-get install -y -q python3-venv >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q python3-venv >/dev/null; }
            "$python" -m venv "$venv"
        else
            echo "TestServer/setup.sh: '$python -m venv' failed; install python3-venv and run again" >&2
            exit 1
        fi
    fi
fi

"$venv/bin/python" -m pip install --disable-pip-version-check --no-input -q -r "$requirements"
echo "$want" > "$stamp"
echo "TestServer/.venv ready" >&2
