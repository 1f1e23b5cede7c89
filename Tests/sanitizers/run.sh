#!/usr/bin/env bash
# make test-sanitizers: the unit tests under ThreadSanitizer, then under AddressSanitizer with
# LeakSanitizer. Each sanitizer builds in its own scratch path (.build-tsan, .build-asan) so the
# normal .build stays as it is. A report makes the sanitizer exit non-zero, which fails the run;
# the only accepted reports are in Tests/sanitizers/{tsan,lsan}.supp, each with its reason.
# Environment: SWIFT (default swift), SANITIZERS (default "thread address"), TEST_FILTER
# (passed to swift test --filter, for a quick look at one suite).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=$PWD/Tests/sanitizers
swift=${SWIFT:-swift}
filter=()
[[ -n "${TEST_FILTER:-}" ]] && filter=(--filter "$TEST_FILTER")

run() { # sanitizer scratch
    local sanitizer=$1 scratch=$2 start=$SECONDS
    echo "== $sanitizer sanitizer: building in $scratch"
    "$swift" build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" 2>&1 | tail -3
    echo "== $sanitizer sanitizer: running the unit tests"
    "$swift" test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" "${filter[@]}"
    echo "== $sanitizer sanitizer: clean in $((SECONDS - start)) s"
}

for sanitizer in ${SANITIZERS:-thread address}; do
    case $sanitizer in
    thread)
        # halt_on_error=0: see every report of the run; TSan's exit code 66 still fails it.
        TSAN_OPTIONS="suppressions=$here/tsan.supp halt_on_error=0 second_deadlock_stack=1" \
            run thread .build-tsan ;;
    address)
        ASAN_OPTIONS="detect_leaks=1" LSAN_OPTIONS="suppressions=$here/lsan.supp print_suppressions=1" \
            run address .build-asan ;;
    *) echo "unknown sanitizer: $sanitizer" >&2; exit 2 ;;
    esac
done
