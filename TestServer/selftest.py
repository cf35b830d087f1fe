"""Checks every route and behaviour of the reference server against a live instance.

    TestServer/.venv/bin/python TestServer/selftest.py      (or any python3 >= 3.11; stdlib only)

Starts server.py on a free port, runs each check (selftest_http, selftest_hostile, selftest_streams, selftest_ws, selftest_bench,
selftest_coalescing, selftest_feeds, selftest_tls, selftest_local_data, selftest_wire, selftest_uploads, selftest_batches),
prints `ok`/`FAIL` per check and a last line `N passed, M failed`; exits 1 when any check failed.
`-k WORD` runs only checks whose name has WORD.
"""

from __future__ import annotations

import sys
import time
import traceback

import selftest_batches  # noqa: F401 - registers its checks
import selftest_bench  # noqa: F401
import selftest_coalescing  # noqa: F401
import selftest_feeds  # noqa: F401
import selftest_hostile  # noqa: F401
import selftest_http  # noqa: F401
import selftest_local_data  # noqa: F401
import selftest_streams  # noqa: F401
import selftest_tls  # noqa: F401
import selftest_uploads  # noqa: F401
import selftest_wire  # noqa: F401
import selftest_ws  # noqa: F401
from selftest_client import CHECKS, Server


def main() -> int:
    only = sys.argv[sys.argv.index("-k") + 1] if "-k" in sys.argv else None
    server = Server()
    passed = failed = 0
    started = time.monotonic()
    for name, function in CHECKS:
        if only and only not in name:
            continue
        began = time.monotonic()
        try:
            function(server.port)
        except Exception:  # noqa: BLE001 - every failure is reported, then the next check runs
            failed += 1
            print(f"FAIL {name}\n{traceback.format_exc()}", flush=True)
        else:
            passed += 1
            print(f"ok   {name} ({time.monotonic() - began:.2f} s)", flush=True)
    exit_code = server.close_stdin_and_wait(5)
    if exit_code is None:
        failed += 1
        print("FAIL server_exits_at_stdin_eof: still running 5 s after stdin closed")
    else:
        passed += 1
        print("ok   server_exits_at_stdin_eof")
    stderr = server.process.stderr.read().decode(errors="replace")  # type: ignore[union-attr]
    if stderr.strip():
        print(f"server stderr:\n{stderr}")
    if "Traceback" in stderr or "ERROR" in stderr:
        failed += 1
        print("FAIL server_logged_no_errors")
    else:
        passed += 1
        print("ok   server_logged_no_errors")
    print(f"({time.monotonic() - started:.1f} s)")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
