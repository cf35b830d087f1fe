#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer, then runs each for FUZZ_SECONDS
# from its committed seed corpus and the test fixtures that serve as seeds. Inputs that crash go
# to Fuzz/Crashes/<target>/ (git-ignored); the script fails if any target crashed. Usage: Fuzz/run.sh [target ...] (default: all).
set -uo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SECONDS_EACH=${FUZZ_SECONDS:-60}
SCRATCH=${FUZZ_SCRATCH:-.build-fuzz}
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
    TARGETS=(json graphql-lexer graphql-parser schema-sdl multipart sse websocket-frame graphql-ws http-decoder normalizer store-read)
fi

"$SWIFT" build --package-path Fuzz --scratch-path "$SCRATCH" \
    --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library || exit 1
BIN=$("$SWIFT" build --package-path Fuzz --scratch-path "$SCRATCH" --show-bin-path)

# Seeds the tests already hold are read from the test fixtures, not kept twice in the corpus.
FIXTURES=Tests/BatonCompilerTests/Fixtures
fixture_seeds() {
    case "$1" in
        graphql-lexer | graphql-parser) echo "$FIXTURES"/kitchen-sink.graphql "$FIXTURES"/Reference/*.graphql ;;
        schema-sdl) echo "$FIXTURES"/test-schema.graphql "$FIXTURES"/schema-for-printing.graphql \
            "$FIXTURES"/schema-kitchen-sink.graphql "$FIXTURES"/Reference/schema.graphql ;;
    esac
}

failed=()
for target in "${TARGETS[@]}"; do
    # Leak checks are off: Swift keeps references in enum payloads with tag bits set, which
    # LeakSanitizer does not recognize as pointers, so every lazily built global reads as a leak.
    # New inputs libFuzzer finds go to a scratch corpus; the committed seeds are only read.
    corpus="$SCRATCH/corpus/$target"
    crashes="Fuzz/Crashes/$target"
    seeds="$SCRATCH/fixture-seeds/$target"
    committed=()
    [ -d "Fuzz/Corpus/$target" ] && committed=("Fuzz/Corpus/$target")
    mkdir -p "$corpus" "$crashes" "$seeds"
    for file in $(fixture_seeds "$target"); do
        cp "$file" "$seeds/$(echo "${file#"$FIXTURES"/}" | tr / -)"
    done
    echo "== fuzz-$target for ${SECONDS_EACH}s"
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$BIN/fuzz-$target" "$corpus" "${committed[@]}" "$seeds" \
        -max_total_time="$SECONDS_EACH" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
        -artifact_prefix="$crashes/" 2>&1 | grep -E '^(stat::|==|INFO: (Running|Seed|Loaded))|ERROR|SUMMARY|Fatal|fuzz invariant|artifact_prefix|Test unit written'
    status=${PIPESTATUS[0]}
    if [ "$status" -ne 0 ]; then failed+=("$target (exit $status)"); fi
done

if [ ${#failed[@]} -ne 0 ]; then
    echo "fuzzing found crashes in: ${failed[*]}; inputs in Fuzz/Crashes/" >&2
    exit 1
fi
echo "no crashes in ${#TARGETS[@]} targets, ${SECONDS_EACH}s each"
