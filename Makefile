# parley — the two commands of the README, plus the benchmarks.
#   make run    build and start parley on the embedded mock
#   make test   install what the tests need, then run every test
#   make bench  release-build benchmarks (never part of make test)
#   make test-wordpress  parley and its mock against real WordPress 6.1 and 7.1 (root; installs them)
#   make docs   the Flux DocC catalog (never part of make test)
#   make fuzz   libFuzzer on every fuzz target, FUZZ_SECONDS each (never part of make test)
#   make test-sanitizers  the unit tests under ThreadSanitizer, then Address+LeakSanitizer
#   make soak   the release binary under SOAK_KEYS (10,000) random keys, resizes and faults
#   make install  the release binary, the man page and shell completions under PREFIX (/usr/local)
#   make dist     a tarball and a .deb with a static-stdlib binary (no Swift needed), checked

SWIFT       ?= swift
SWIFT_FLAGS ?=
APT_PACKAGES := libncurses-dev libzstd-dev tmux libsqlite3-dev
ARGS        ?=

.PHONY: run test bench build deps unit e2e compile-fail docs fuzz clean test-wordpress test-sanitizers soak install dist

# Installs the system packages parley needs when one is missing; does nothing otherwise.
deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  if [ "$$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product parley

run: build
	$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/parley $(ARGS)

# Warnings are errors in spirit: the build must be clean, so the test run fails on any.
test: deps
	@set -e; log=$$(mktemp); \
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests 2>&1 | tee $$log; \
	if grep -E "warning:" $$log | grep -v "^warning: '.*': found .* file(s) which are unhandled" >/dev/null; then \
	  echo "error: the build has warnings (listed above)"; rm -f $$log; exit 1; fi; rm -f $$log
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build
	$(MAKE) --no-print-directory compile-fail
	$(MAKE) --no-print-directory e2e

unit: deps
	$(SWIFT) test $(SWIFT_FLAGS)

e2e: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product parley
	$(SWIFT) build $(SWIFT_FLAGS) --product parley-mock-server
	@bin=$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path); \
	PARLEY_BIN=$$bin/parley PARLEY_MOCK_SERVER_BIN=$$bin/parley-mock-server bash Tests/e2e/run-all.sh

# Real WordPress sites, installed when missing: Debian's 6.1 (its packages, on
# 127.0.0.1:$${WP_PORT:-8080}) and 7.1 (the release tarball $${WP71_TARBALL:-../shared/wordpress-peer/
# wordpress-7.1.0.tar.xz}, PHP's built-in server on 127.0.0.1:$${WP71_PORT:-8082}); against each,
# the scenarios in Tests/wordpress/test-*.sh and the mock-versus-WordPress contract test, the
# mock answering as that version. WP_VERSIONS="7.1" runs one.
test-wordpress: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product parley
	$(SWIFT) build $(SWIFT_FLAGS) --product parley-mock-server
	@bin=$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path); \
	PARLEY_BIN=$$bin/parley PARLEY_MOCK_SERVER_BIN=$$bin/parley-mock-server bash Tests/wordpress/run.sh

# The unit tests under ThreadSanitizer, then AddressSanitizer with LeakSanitizer, each in its
# own scratch path (.build-tsan, .build-asan). Any report fails the run (the sanitizers exit
# non-zero); Tests/sanitizers/*.supp hold the only accepted reports, each with its reason.
test-sanitizers: deps
	bash Tests/sanitizers/run.sh

# SOAK_KEYS random keys (default 10,000) with editor text, phrases read on screen typed or
# pasted where people type (search, Author finder, reply editor) and resizes down to 10x3, against
# the embedded mock and parley-mock-server, both with faults; SOAK_SEED makes a run repeatable.
SOAK_KEYS ?= 10000
soak: deps
	$(SWIFT) build -c release --product parley
	$(SWIFT) build -c release --product parley-mock-server
	@bin=$$($(SWIFT) build -c release --show-bin-path); \
	SOAK_KEYS=$(SOAK_KEYS) PARLEY_BIN=$$bin/parley PARLEY_MOCK_SERVER_BIN=$$bin/parley-mock-server bash Tests/soak/soak.sh

# Writes to a FluxStore's state from outside, to CommentsKit's stores from outside
# CommentsKit, and to the UI store from anywhere in parley but its reducer, must not compile
# (Tests/compile-fail). Building TerminalUI builds CommentsKit and Flux too.
compile-fail: deps
	$(SWIFT) build $(SWIFT_FLAGS) --target TerminalUI
	SWIFT="$(SWIFT)" SWIFT_FLAGS="$(SWIFT_FLAGS)" bash Tests/compile-fail/run.sh
	SWIFT="$(SWIFT)" SWIFT_FLAGS="$(SWIFT_FLAGS)" bash Tests/compile-fail/run-terminalui.sh

# The Flux DocC catalog (Sources/Flux/Flux.docc), with swift-docc-plugin.
docs:
	$(SWIFT) package generate-documentation --target Flux

# Figures go to bench-results.json (git-ignored); BENCH_ARGS=--quick for a short run,
# BENCH_ARGS="--only filter,frame" for some groups (dispatch,filter,frame,load,memory,pty).
BENCH_ARGS ?=
bench: deps
	$(SWIFT) build -c release --product parley-bench
	$(SWIFT) build -c release --product parley
	@bin=$$($(SWIFT) build -c release --show-bin-path); \
	$$bin/parley-bench --parley $$bin/parley --harness Benchmarks/pty_harness.py --out bench-results.json $(BENCH_ARGS)

# libFuzzer on each target of Fuzz/Checks for FUZZ_SECONDS (default 60), starting from its
# committed seeds (Fuzz/Corpus/<target>); a crash is saved to Fuzz/Crashes/<target>/ (commit
# it: `make test` replays every crash), inputs that found new paths to .build/fuzz-corpus/.
# Its own build directory: the instrumented build must not replace the normal one. Swift's
# backtracer is off so that libFuzzer's signal handler runs and saves the crashing input.
# -DPARLEY_FUZZING turns on the libFuzzer driver; -use-ld=lld: see Fuzz/Driver/FuzzDriver.swift.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= sanitize html comment-json editors width config search json-writer wrap merge subscriptions folded-index
FUZZ_BUILD   := $(SWIFT) build --scratch-path .build/fuzz -Xswiftc -sanitize=fuzzer -Xswiftc -DPARLEY_FUZZING -Xswiftc -use-ld=lld
fuzz: deps
	$(FUZZ_BUILD) --product parley-fuzz
	@bin=$$($(FUZZ_BUILD) --show-bin-path)/parley-fuzz; failed=""; \
	for target in $(FUZZ_TARGETS); do \
	  mkdir -p Fuzz/Crashes/$$target .build/fuzz-corpus/$$target; \
	  echo "== $$target: $(FUZZ_SECONDS) s"; \
	  log=.build/fuzz-corpus/$$target.log; \
	  SWIFT_BACKTRACE=enable=no $$bin $$target .build/fuzz-corpus/$$target Fuzz/Corpus/$$target \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=20 -print_final_stats=1 \
	    -artifact_prefix=Fuzz/Crashes/$$target/ >$$log 2>&1; status=$$?; \
	  grep -E "^stat::(number_of_executed_units|new_units_added)|^==[0-9]+== ERROR|^SUMMARY|Fatal error|Test unit written|parley-fuzz " $$log; \
	  if [ "$$status" -ne 0 ]; then failed="$$failed $$target"; echo "   (full output: $$log)"; fi; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: crashes in:$$failed (saved under Fuzz/Crashes/)"; exit 1; fi; \
	echo "fuzz: no crash"

# The binary, the man page and the completion scripts swift-argument-parser writes for bash,
# zsh and fish, under $(DESTDIR)$(PREFIX). INSTALL_CONFIG=debug skips the release build.
PREFIX         ?= /usr/local
INSTALL_CONFIG ?= release
install: deps
	$(SWIFT) build $(SWIFT_FLAGS) -c $(INSTALL_CONFIG) --product parley
	@set -e; bin=$$($(SWIFT) build $(SWIFT_FLAGS) -c $(INSTALL_CONFIG) --show-bin-path)/parley; \
	root="$(DESTDIR)$(PREFIX)"; \
	install -d "$$root/bin" "$$root/share/man/man1" "$$root/share/bash-completion/completions" \
	  "$$root/share/zsh/site-functions" "$$root/share/fish/vendor_completions.d"; \
	install -m 755 "$$bin" "$$root/bin/parley"; \
	install -m 644 Resources/parley.1 "$$root/share/man/man1/parley.1"; \
	"$$bin" --generate-completion-script bash > "$$root/share/bash-completion/completions/parley"; \
	"$$bin" --generate-completion-script zsh > "$$root/share/zsh/site-functions/_parley"; \
	"$$bin" --generate-completion-script fish > "$$root/share/fish/vendor_completions.d/parley.fish"; \
	echo "installed parley, its man page and completions under $$root"

# A tarball and a Debian package under .build/dist for machines without Swift (Packaging/dist.sh:
# the release binary with the Swift runtime linked in, the man page, the completions), then
# Packaging/check.sh: no Swift library is loaded and it runs with the toolchain hidden.
dist: deps
	SWIFT="$(SWIFT)" SWIFT_FLAGS="$(SWIFT_FLAGS)" MAKE="$(MAKE)" bash Packaging/dist.sh
	bash Packaging/check.sh

clean:
	rm -rf .build
