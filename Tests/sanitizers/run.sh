#!/usr/bin/env bash
# make test-sanitizers: the unit tests under ThreadSanitizer, then under AddressSanitizer with
# LeakSanitizer. Each sanitizer builds in its own scratch path (.build-tsan, .build-asan) so the
# normal .build stays as it is. A report makes the sanitizer exit non-zero, which fails the run;
# the only accepted reports are in Tests/sanitizers/{tsan,lsan,asan}.supp, each with its reason.
# Environment: SWIFT (default swift), SANITIZERS (default "thread address"), TEST_FILTER
# (passed to swift test --filter, for a quick look at one suite).
set -uo pipefail
cd "$(dirname "$0")/../.."
here=$PWD/Tests/sanitizers
swift=${SWIFT:-swift}
filter=()
[[ -n "${TEST_FILTER:-}" ]] && filter=(--filter "$TEST_FILTER")

# LeakSanitizer must report nothing beyond lsan.supp. The last two reports were ours: boxes of
# the `indirect enum Key` held by KeyMap's static tables (the enum kept its case tag in the
# spare bits of each box pointer, which LSan's scan does not recognise: proof in
# lsan-indirect-enum-false-positive.swift; Key now boxes only `.alt`), and, in about one run in three, a URLSession whose cancelled task the mock's
# PendingDelivery kept alive for good (see its answerIsDue).

run() { # sanitizer scratch
    local sanitizer=$1 scratch=$2 start=$SECONDS log
    echo "== $sanitizer sanitizer: building in $scratch"
    "$swift" build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" 2>&1 | tail -3
    [ "${PIPESTATUS[0]}" -eq 0 ] || { echo "== $sanitizer sanitizer: the build failed"; return 1; }
    echo "== $sanitizer sanitizer: running the unit tests"
    log=$(mktemp)
    "$swift" test --skip-build --sanitize="$sanitizer" --scratch-path "$scratch" "${filter[@]}" 2>&1 | tee "$log" \
        | grep -vE '^ *#[0-9]+ 0x|^(Direct|Indirect) leak of|^$'
    local status=${PIPESTATUS[0]}
    if ! grep -qE 'Test run with [0-9]+ tests?.* (passed|failed)' "$log"; then
        # The test process did not get to its summary: a sanitizer stopped it. With
        # LSAN_OPTIONS' exitcode=0 (which ASan's own reports obey too), its exit status can say 0.
        echo "== $sanitizer sanitizer: the tests did not run to their end (stopped by a report? see $log)"; status=1
    fi
    if grep -qE '^==[0-9]+==ERROR: AddressSanitizer' "$log"; then
        echo "== $sanitizer sanitizer: $(grep -m1 -oE 'SUMMARY: AddressSanitizer: [a-z-]+.*' "$log") (stacks in $log)"; status=1
    fi
    if [ "$sanitizer" = address ]; then
        local leaked
        leaked=$(grep -oE 'SUMMARY: AddressSanitizer: [0-9]+ byte\(s\) leaked' "$log" | grep -oE '[0-9]+' | awk '{ total += $1 } END { print total + 0 }')
        leaked=${leaked:-0}
        if [ "$leaked" -gt 0 ]; then
            echo "== address sanitizer: ${leaked} bytes leaked (stacks in $log)"; status=1
        fi
    elif [ "$status" -eq 0 ]; then
        rm -f "$log"
    fi
    [ "$status" -eq 0 ] || { echo "== $sanitizer sanitizer: FAILED after $((SECONDS - start)) s"; return 1; }
    echo "== $sanitizer sanitizer: clean in $((SECONDS - start)) s"
}

# The tests' safety nets against a hang (`Duration.safetyNet`, 120 s) times 5: a sanitizer
# slows the code 5 to 15 times, and a loaded machine ran the nets out for hundreds of tests at
# once with nothing hung. A real hang is still reported, after 10 minutes.
export FLUX_TEST_TIMEOUT_SCALE=${FLUX_TEST_TIMEOUT_SCALE:-5}

failed=0
for sanitizer in ${SANITIZERS:-thread address}; do
    case $sanitizer in
    thread)
        # halt_on_error=0: see every report of the run; TSan's exit code 66 still fails it.
        TSAN_OPTIONS="suppressions=$here/tsan.supp halt_on_error=0 second_deadlock_stack=1" \
            run thread .build-tsan || failed=1 ;;
    address)
        # exitcode=0: LSan's summary is read above, so one process's report fails the run
        # with its total. ASan obeys it too, so any other report (use after free,
        # overflow…) stops the tests with status 0: run() looks for the report and for the
        # tests' summary. asan.supp holds the reports of Foundation's own code.
        ASAN_OPTIONS="detect_leaks=1 suppressions=$here/asan.supp" LSAN_OPTIONS="suppressions=$here/lsan.supp print_suppressions=0 exitcode=0" \
            run address .build-asan || failed=1 ;;
    *) echo "unknown sanitizer: $sanitizer" >&2; exit 2 ;;
    esac
done
exit $failed
