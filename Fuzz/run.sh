#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer, then runs each for FUZZ_SECONDS
# from its committed seed corpus and the test fixtures that serve as seeds. Inputs that crash go
# to Fuzz/Crashes/<target>/ (git-ignored); the script fails if any target crashed. Usage: Fuzz/run.sh [target ...] (default: all).
# With FUZZ_CORPUS_ONLY=1, each target runs its committed seeds once and fuzzes nothing (`make
# fuzz-corpus`); when targets are named, only they are built.
set -uo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SECONDS_EACH=${FUZZ_SECONDS:-60}
SCRATCH=${FUZZ_SCRATCH:-.build-fuzz}
CORPUS_ONLY=${FUZZ_CORPUS_ONLY:-0}
TARGETS=("$@")
BUILD=(--package-path Fuzz --scratch-path "$SCRATCH" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
if [ ${#TARGETS[@]} -eq 0 ]; then
    TARGETS=(json graphql-lexer graphql-parser schema-sdl multipart sse websocket-frame graphql-ws http-decoder normalizer store-read)
    "$SWIFT" build "${BUILD[@]}" || exit 1
else
    # One product per `swift build`: each named target in turn, the modules they share built once.
    for target in "${TARGETS[@]}"; do "$SWIFT" build "${BUILD[@]}" --product "fuzz-$target" || exit 1; done
fi
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
    if [ "$CORPUS_ONLY" = 1 ]; then
        # The seeds alone, each run once (`-runs=0` stops before the first new input).
        echo "== fuzz-$target over its seeds"
        inputs=("${committed[@]}" "$seeds")
        limit=(-runs=0)
    else
        echo "== fuzz-$target for ${SECONDS_EACH}s"
        inputs=("$corpus" "${committed[@]}" "$seeds")
        limit=(-max_total_time="$SECONDS_EACH")
    fi
    SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$BIN/fuzz-$target" "${inputs[@]}" \
        "${limit[@]}" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 -detect_leaks=0 \
        -artifact_prefix="$crashes/" 2>&1 | grep -E '^(stat::|==|INFO: (Running|Seed|Loaded))|ERROR|SUMMARY|Fatal|fuzz invariant|artifact_prefix|Test unit written'
    status=${PIPESTATUS[0]}
    if [ "$status" -ne 0 ]; then failed+=("$target (exit $status)"); fi
done

if [ ${#failed[@]} -ne 0 ]; then
    echo "fuzzing found crashes in: ${failed[*]}; inputs in Fuzz/Crashes/" >&2
    exit 1
fi
if [ "$CORPUS_ONLY" = 1 ]; then
    echo "no crashes in ${#TARGETS[@]} targets over their seeds"
else
    echo "no crashes in ${#TARGETS[@]} targets, ${SECONDS_EACH}s each"
fi
