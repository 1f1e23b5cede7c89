#!/usr/bin/env bash
# make soak in small, for every make test: 1,000 random keys (fixed seed) from KeyMap.standard,
# editor text and resizes down to 10x3 against parley-mock-server with faults (30 % of writes
# carried out and their answer dropped, 30 ms latency). parley must stay alive and answer,
# quit with 0 on q, restore the terminal, log no fatal line, and after R show every comment
# with the server's status. The full run is make soak (Tests/soak).
: "${PARLEY_BIN:?PARLEY_BIN must point at the parley binary}"
: "${PARLEY_MOCK_SERVER_BIN:?PARLEY_MOCK_SERVER_BIN must point at parley-mock-server}"
exec python3 "$(dirname "$0")/../soak/soak.py" --parley "$PARLEY_BIN" --mock-server "$PARLEY_MOCK_SERVER_BIN" \
    --keys 1000 --seed 1000 --faults "--fail-rate 0.3 --fail-writes-only --fail-kind applied-then-dropped --latency 30"
