#!/usr/bin/env bash
# `parley cache --forget-site` while parley has that site open would delete the replica
# under the running app and lose its queued writes: the running parley holds a lock on the
# replica (<replica>.lock), and forgetting is refused in one sentence naming its pid
# (exit 1). Once parley quits, the kernel has released the lock: forgetting works.
. "$(dirname "$0")/lib.sh"
PASSWORD="abcd efgh ijkl"
start_mock_server --user editor --password "$PASSWORD" --mock-size 40 || finish  # 40 comments; with the seed's 2 pings parley lists 42
URL="http://127.0.0.1:$MOCK_PORT/site-1"
export E2E_ENV="PARLEY_APP_PASSWORD='$PASSWORD'"

forget() {
  env XDG_STATE_HOME="$E2E_STATE" "$PARLEY_BIN" cache --forget-site "$URL" >"$E2E_STATE/forget.out" 2>&1
}

start 132 40 --site "$URL" --user editor
wait_for "of 42" 20 || finish
pid=$(parley_pid)
forget
status=$?
check "--forget-site on a replica in use fails (exit $status)" test "$status" -eq 1
check "and says why: $(cat "$E2E_STATE/forget.out")" \
  grep -qF "this site's local copy is in use by a running parley (pid $pid); quit it first." "$E2E_STATE/forget.out"
check "the replica is still there" bash -c "env XDG_STATE_HOME='$E2E_STATE' '$PARLEY_BIN' cache | grep -q '42 comments'"
keys q
wait_for "EXIT:0" 5 || finish
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null

forget
status=$?
check "after q, --forget-site works (exit $status): $(cat "$E2E_STATE/forget.out")" test "$status" -eq 0
check "nothing is left of it" bash -c "env XDG_STATE_HOME='$E2E_STATE' '$PARLEY_BIN' cache | grep -q 'No replicas'"
check "not even its lock file" bash -c "! ls '$XDG_CACHE_HOME/parley' | grep -q '\.lock\$'"
finish
