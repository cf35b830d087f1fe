# The two commands a newcomer needs are `make demo` and `make test`; each installs what it needs.
SHELL := /bin/bash
SWIFT ?= swift
APT_PACKAGES := libcurl4-openssl-dev libsqlite3-dev libhiredis-dev

.PHONY: all deps system-deps server-venv build docs docs-check test test-generated-build test-apple-graph test-tsan test-asan fuzz-corpus test-image-view examples test-readme outside-package demo bench clean api fuzz lint format

all: build

## Installs the C libraries and the reference server's Python venv when missing.
deps: system-deps server-venv

system-deps:
	@scripts/install-system-deps.sh $(APT_PACKAGES)

server-venv:
	@TestServer/setup.sh

build: system-deps
	$(SWIFT) build

## Every test, after the formatting, the API listings and the documentation site (built with no DocC
## warning and every public symbol documented, then opened in headless Chromium), in passes by test target (Package.swift names each target for how its tests must
## run, so a new suite lands in its pass by where it is written): the `…Tests` targets in
## parallel; the `…ProcessTests` targets and BatonCLITests, which wait for child processes; each
## `…MeasuredTests` target in a pass of its own, one test at a time (they measure a whole process:
## a `baton-slow-consumer` child's memory, or their own, where what other tests leave resident
## would count); the `…TimedTests` targets one test at a time (they time when payloads arrive,
## which a busy 2-core machine would otherwise starve); the CPU-bound store targets; the runtime's
## targets again under ThreadSanitizer; the normalizer's, reader's and generated reads' targets
## under AddressSanitizer, and the reader's fuzz target over its seeds; then the example packages,
## the README's and the guides' code, and a package outside the repository that runs the
## conformance suites against its own plug-ins.
## Between them, alone, the fence on how long generated code takes to build.
test: deps
	@scripts/install-system-deps.sh redis-server
	$(MAKE) lint
	TestServer/.venv/bin/python TestServer/selftest.py
	$(SWIFT) build --build-tests
	scripts/check-api.sh
	scripts/check-api.sh --self-test
	$(MAKE) docs-check
	scripts/test-pass.sh $(PASS_SECONDS) $(SWIFT) test --skip-build --skip "$(call in-targets,$(PROCESS_TARGETS) $(MEASURED_TARGETS) $(TIMED_TARGETS) $(CPU_BOUND_TARGETS))"
	scripts/test-pass.sh $(PASS_SECONDS) $(SWIFT) test --skip-build --filter "$(call in-targets,$(PROCESS_TARGETS))"
	for target in $(MEASURED_TARGETS); do \
		scripts/test-pass.sh $(PASS_SECONDS) $(SWIFT) test --skip-build --no-parallel --filter "$(call in-targets,$$target)" || exit 1; \
	done
	scripts/test-pass.sh $(PASS_SECONDS) $(SWIFT) test --skip-build --no-parallel --filter "$(call in-targets,$(TIMED_TARGETS))"
	scripts/test-pass.sh $(PASS_SECONDS) $(SWIFT) test --skip-build --filter "$(call in-targets,$(CPU_BOUND_TARGETS))"
	$(MAKE) test-generated-build
	$(MAKE) test-apple-graph
	$(MAKE) test-image-view
	$(MAKE) test-tsan
	$(MAKE) test-asan
	$(MAKE) fuzz-corpus
	$(MAKE) examples
	$(MAKE) test-readme
	$(MAKE) outside-package

## The Swift generated for a screen of 4 × 10 × 5 type conditions, compiled as a debug build
## compiles a target, must build within 60 s and 2 GB (a regression of the plan's or the structs'
## shape fails here first). About 5 s on a busy 2-core machine.
test-generated-build:
	$(SWIFT) build --product baton-bench
	"$$($(SWIFT) build --show-bin-path)/baton-bench" --screen 4x10x5 --max-build-seconds 60 --max-build-mb 2048

## The documentation site, a static DocC site in .build/docs, built with the toolchain alone (no
## plug-in, no network): the Baton umbrella's catalog with the symbols of every module it re-exports
## and the guides in docs/ as its articles, BatonTestSupport's and BatonCompiler's beside it, merged
## under one start page (scripts/build-docs.sh). Fails on any DocC warning and on a public symbol
## without a doc comment. About 40 s after a debug build.
docs: system-deps
	$(SWIFT) build --target Baton
	$(SWIFT) build --target BatonTestSupport
	$(SWIFT) build --target BatonCompiler
	SWIFT=$(SWIFT) scripts/build-docs.sh

## The site opened in headless Chromium (Debian's `chromium`, installed when missing), served on
## loopback: the start page, guides and symbol pages render, and every link on the start page and
## the Baton module's page reaches a page that renders (scripts/check-docs.py).
docs-check: docs
	@scripts/install-system-deps.sh chromium
	python3 scripts/check-docs.py

## The umbrella as an iOS app gets it (Package.swift's BATON_AS_ON_IOS: no libcurl, no hiredis),
## compiled on Linux in its own build directory: no Apple SDK is here, so this and the graph test
## (PlatformDependencyTests) stand in for an iOS build.
test-apple-graph: system-deps
	BATON_AS_ON_IOS=1 $(SWIFT) build --target Baton --scratch-path .build-ios

## The page `baton image view` writes, opened in headless Chromium (Debian's `chromium`, installed
## when missing): an image written by `baton fetch --watch --store sqlite:PATH`, its records shown, a field
## error highlighted, no console error; the screenshot stays in a temporary directory.
test-image-view: deps
	@scripts/install-system-deps.sh chromium
	$(SWIFT) build --product baton
	TestServer/.venv/bin/python scripts/test-image-view.py

## One test at a time: ThreadSanitizer slows every thread several-fold, and tests running side by
## side would starve the wire tests that time when payloads arrive. Races inside each test (the
## event loop, URLSession's threads, concurrent requests, the executor's writes and notifications)
## are what it looks for. One report of the toolchain's own is suppressed, as narrowly as it can be
## (scripts/tsan-suppressions.txt says which and why).
test-tsan: deps
	BATON_TEST_TARGETS="$(TSAN_TARGETS)" TSAN_OPTIONS="suppressions=$(CURDIR)/scripts/tsan-suppressions.txt" scripts/test-pass.sh $(TSAN_SECONDS) $(SWIFT) test --sanitize=thread --scratch-path .build-tsan --no-parallel --filter "$(call in-targets,$(TSAN_TARGETS))"

## The normalizer, the reader and the generated reads (each generated test reads its response
## from a store too, Tests/BatonGeneratedTests/Support/CachedRead.swift) under AddressSanitizer:
## the reader's arena (Sources/BatonCore/Reader/Arena) places nodes in memory it manages itself,
## by rules no compiler checks, and the normalizer reads response bytes by unaligned words. Its
## own scratch path, as the sanitizer changes every module. Leak checks are off, as in Fuzz/run.sh;
## so is Swift's backtracer, whose reads of other threads' stacks after a crash the sanitizer
## reports (and then hangs on). Each sanitizer pass builds only its test targets and what they
## need (BATON_TEST_TARGETS, read by Package.swift). About 5 minutes the first time on a busy
## 2-core machine, half of it the build.
test-asan: deps
	BATON_TEST_TARGETS="$(ASAN_TARGETS)" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 scripts/test-pass.sh $(ASAN_SECONDS) $(SWIFT) test --sanitize=address --scratch-path .build-asan --filter "$(call in-targets,$(ASAN_TARGETS))"

## How long one pass may run before it is stopped and fails, naming the tests still running
## (scripts/test-pass.sh); the longest pass takes about 5 minutes on a busy 2-core machine. The
## ThreadSanitizer pass includes its own build.
PASS_SECONDS ?= 1200
TSAN_SECONDS ?= 2400
ASAN_SECONDS ?= 1800
## The test targets of each pass, by their names' endings in Tests/.
## The Redis store's tests start a redis-server of their own (Debian's `redis-server`, installed
## by `test` when missing) on a Unix socket in a temporary directory, and stop it.
## Tests that wait for a child process (the `baton` CLI, swiftc) hold a thread of the concurrency
## pool while they wait, which would delay the timers of the wire tests beside them.
PROCESS_TARGETS ?= BatonCLITests $(notdir $(wildcard Tests/*ProcessTests))
## Tests whose figures are a whole process's (VmRSS, /proc/self/fd): a 200 MiB body read slowly by
## a `baton-slow-consumer` child (20 to 40 s per transport in a debug build; the child is built by
## `swift build --build-tests`, as the measured targets depend on it), a subscription far faster
## than its consumer (about 5 s), a bounded load (BATON_LOAD_OPERATIONS, 1,000 by default).
MEASURED_TARGETS ?= $(notdir $(wildcard Tests/*MeasuredTests))
TIMED_TARGETS ?= $(notdir $(wildcard Tests/*TimedTests))
## The stores' many-thread checks.
CPU_BOUND_TARGETS ?= BatonStoreMemoryTests BatonStoreSQLiteTests $(notdir $(wildcard Tests/*CPUTests))
## The runtime's concurrent code: transports, stores, the executor and handles.
TSAN_TARGETS ?= BatonCoreTests BatonCoreTimedTests BatonTransportCurlTests BatonTransportCurlTimedTests \
	BatonTransportFoundationTests BatonTransportFoundationTimedTests BatonStoreMemoryTests BatonStoreSQLiteTests \
	BatonStoreTests BatonTests BatonTimedTests
empty :=
space := $(empty) $(empty)
## `^(A|B)\.`: the tests of test targets A and B, as `swift test --filter` and `--skip` match them.
in-targets = ^($(subst $(space),|,$(strip $(1))))\.
## What normalizes responses and reads them back from records, under AddressSanitizer: the core's
## targets (its normalizer, reader, arena and decoders), the store's reads of the reference
## server's responses, and the generated reads, each of which also reads its response from a store.
ASAN_TARGETS ?= BatonCoreTests BatonCoreCPUTests BatonStoreTests BatonGeneratedTests

## The example packages build with plain `swift build`, their GraphQL compiled by the build plugin.
## They, the guides' package (test-readme) and the outside package share one scratch path, so
## Baton, a dependency of each, is compiled once for all of them rather than once for each.
PACKAGES_SCRATCH ?= $(CURDIR)/.build/packages
examples: system-deps
	cd Examples/StarWars && $(SWIFT) build --scratch-path $(PACKAGES_SCRATCH)
	cd Examples/Countdown && $(SWIFT) build --scratch-path $(PACKAGES_SCRATCH)
	cd Examples/Walkthrough && $(SWIFT) build --scratch-path $(PACKAGES_SCRATCH)

## The README's app and the guides' code as written: their marked blocks (scripts/docs-blocks.py)
## become a package beside Baton, built with the build plugin against the reference server's
## schema; the README's app then runs against the reference server and must print what the README
## shows. The package stays in .build/docs-check, so a later run builds only what changed (the
## first builds Baton for it: several minutes on a busy 2-core machine).
test-readme: deps
	SWIFT=$(SWIFT) BATON_SCRATCH=$(PACKAGES_SCRATCH) scripts/test-readme.sh

## Examples/ThirdPartyPlugins copied out of the repository, its own transport and store run through
## Baton's conformance suites with plain `swift test` (no reference server): a separate build, ~90 s.
outside-package: system-deps
	BATON_SCRATCH=$(PACKAGES_SCRATCH) scripts/test-outside-package.sh

## The reader's fuzz target (`store-read`: a response read back from the records it normalizes
## into, against the same response read as it came) over its committed seeds, each run once and
## nothing fuzzed: an input once found failing fails here in seconds. The fuzz package builds in
## its own scratch path (.build-fuzz), about 15 s the first time on a busy 2-core machine, 3 s after.
fuzz-corpus: system-deps
	FUZZ_CORPUS_ONLY=1 SWIFT=$(SWIFT) Fuzz/run.sh store-read

## Coverage-guided fuzzing (libFuzzer with AddressSanitizer) of the parsers, the decoders and the
## store's reads: the separate package in Fuzz/, built in its own scratch path, each target run
## FUZZ_SECONDS from its committed seeds; crashing inputs land in Fuzz/Crashes/ and fail the run.
## Not part of `test`, but for `fuzz-corpus`.
FUZZ_SECONDS ?= 60
fuzz: system-deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) SWIFT=$(SWIFT) Fuzz/run.sh $(FUZZ_TARGETS)

## Starts the reference server on loopback, shows `baton fetch` for each outcome, then runs the
## Countdown example app (an Environment in code) against it, then the Walkthrough app's whole story
## (stopping the server and starting another for its last steps).
demo: deps
	$(SWIFT) build --product baton
	cd Examples/Countdown && $(SWIFT) build
	cd Examples/Walkthrough && $(SWIFT) build
	@scripts/demo.sh

## The code as .swift-format has it; `make format` rewrites it so. Generated reference output is
## left as the generator writes it.
SWIFT_FILES = find Sources Tests -name '*.swift' -not -path '*/Generated/*' -print0
## No `Mutex` from Synchronization: ThreadSanitizer cannot see its wait on a futex, so what it
## guards is reported as a race when two threads contend for it; `Locked` is the lock here.
lint:
	$(SWIFT_FILES) | xargs -0 $(SWIFT) format lint --strict --parallel
	@if grep -rnE '\bMutex *(<|\()' Sources Tests --include='*.swift'; then \
		echo "error: use Locked (Sources/BatonCore/Concurrency/Locked.swift), not Mutex, which ThreadSanitizer cannot see"; exit 1; fi

format:
	$(SWIFT_FILES) | xargs -0 $(SWIFT) format format --parallel -i

## Rewrites the listings of each library module's public API in api/ after a meant change.
api: system-deps
	$(SWIFT) build
	scripts/check-api.sh --update

## Every row runs on a fresh machine: the transport rows start the reference server from its venv,
## as the wire tests do.
bench: deps
	$(SWIFT) run -c release baton-bench $(BENCH_ARGS)

clean:
	rm -rf .build .build-tsan .build-asan .build-fuzz .build-ios Examples/*/.build
