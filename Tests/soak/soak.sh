#!/usr/bin/env bash
# make soak: SOAK_KEYS (default 10,000) random keys from KeyMap.standard, editor text, words
# and phrases read on screen (1 to 60 characters) typed or pasted into the search, the Author
# finder and the reply editor, and resizes down to 10x3, twice: against the embedded mock (30 % of all requests fail with
# HTTP 500, 30 ms latency) and against parley-mock-server (30 % of writes carried out and
# their answer dropped, 30 ms latency; then every comment shown is checked against the
# server). SOAK_SEED makes a run repeatable (default: the time). Prints one figures line per run.
set -u
here=$(cd "$(dirname "$0")" && pwd)
: "${PARLEY_BIN:?PARLEY_BIN must point at the parley binary}"
: "${PARLEY_MOCK_SERVER_BIN:?PARLEY_MOCK_SERVER_BIN must point at parley-mock-server}"
keys=${SOAK_KEYS:-10000}
seed=${SOAK_SEED:-$(date +%s)}
status=0
python3 "$here/soak.py" --parley "$PARLEY_BIN" --keys "$keys" --seed "$seed" \
    --faults "--fail-rate 0.3 --latency 30" || status=1
python3 "$here/soak.py" --parley "$PARLEY_BIN" --mock-server "$PARLEY_MOCK_SERVER_BIN" --keys "$keys" --seed "$seed" \
    --faults "--fail-rate 0.3 --fail-writes-only --fail-kind applied-then-dropped --latency 30" || status=1
exit $status
