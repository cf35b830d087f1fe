#!/usr/bin/env bash
# Runs one pass of `make test` (`scripts/test-pass.sh SECONDS COMMAND...`), stopping it when it
# is still running after SECONDS: a hung test then fails its pass at once, naming the tests that
# started and never ended, instead of holding the run until CI's own limit.
set -uo pipefail
limit=$1
shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# At a terminal the pass stays in its foreground, so Ctrl-C still reaches it; elsewhere (CI) the
# whole process group is stopped, the test process under `swift test` included.
foreground=()
if [ -t 0 ]; then foreground=(--foreground); fi
timeout "${foreground[@]}" --kill-after=30 "$limit" "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
    echo "error: still running after ${limit} s, stopped: $*"
    echo "Tests that started and never ended:"
    # Swift Testing's lines: "◇ Test NAME started." then "✔ Test NAME passed…" or "✘ Test NAME failed…".
    awk '
        / Test .* started\.$/ && !/Test case passing/ {
            name = $0; sub(/^.* Test /, "", name); sub(/ started\.$/, "", name); open[name] = 1
        }
        / Test .* (passed|failed|skipped)/ {
            for (name in open) if (index($0, "Test " name " ") > 0) delete open[name]
        }
        END { for (name in open) print "  " name }
    ' "$log"
fi
if [ "$status" -ne 0 ]; then
    # What failed, again at the end, where a log cut to its last lines still shows it: the
    # sanitizers' reports (printed when found, far above) and the failed tests.
    awk '
        /^WARNING: ThreadSanitizer|^==[0-9]+==ERROR: AddressSanitizer/ { report = 1; reports += 1; if (reports <= 4) print "=================="; }
        report && reports <= 4 { print }
        report && /^SUMMARY: (Thread|Address)Sanitizer/ { report = 0 }
    ' "$log"
    grep -E '^(✘ Test|Test Case .* failed|.*: error: )' "$log" | head -40
fi
exit "$status"
