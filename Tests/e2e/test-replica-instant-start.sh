#!/usr/bin/env bash
# Issue 14: a real site (parley-mock-server over HTTP) is kept in a local replica. The next
# start shows the replica's comments before the site answers ("cached, checking…"), then
# the site's answers put right what changed while parley was closed: a comment deleted on
# the site goes, and one the replica lacks comes.
. "$(dirname "$0")/lib.sh"
PASSWORD="abcd efgh ijkl"
start_mock_server --user editor --password "$PASSWORD" --mock-size 40 || finish  # 40 comments; with the seed's 2 pings parley lists 42
URL="http://127.0.0.1:$MOCK_PORT/site-1"
export E2E_ENV="PARLEY_APP_PASSWORD='$PASSWORD'"

# First start: nothing cached; the whole site loads and is written to the replica.
start 132 40 --site "$URL" --user editor
wait_for "of 42" 20 || finish
newest=$(screen | grep -oE 'comment #[0-9]+' | head -n 1 | grep -oE '[0-9]+')
check "the cursor's comment is known" [ -n "$newest" ]
check "nothing was cached on a first start" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF cached"
keys q
wait_for "EXIT:0" 5 || finish
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null
check "the replica file exists" bash -c "ls '$XDG_CACHE_HOME'/parley/*.sqlite >/dev/null 2>&1"

# While parley is closed, the newest comment is deleted on the site.
env PARLEY_APP_PASSWORD="$PASSWORD" "$PARLEY_BIN" comment delete "$newest" --force --yes --site "$URL" --user editor \
  > "$E2E_STATE/cli.out" 2>&1
check "the CLI deleted comment $newest: $(cat "$E2E_STATE/cli.out")" grep -q "$newest" "$E2E_STATE/cli.out"

# Second start: the replica shows it at once; the site's answer removes it.
start 132 40 --site "$URL" --user editor
wait_for "shown" 10 || finish
wait_gone_id "comment #$newest" 20 || finish
wait_for "of 41" 20 || finish
check "confirmed: no cached mark once the site is listed in full" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF cached"
keys q
wait_for "EXIT:0" 5 || finish
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null

# Third start, on a slow site holding the original comments again (a fresh mock, same seed
# and port): the cached comments are on screen before any answer, then the deleted one
# comes back from the site.
kill "$E2E_MOCK_PID" 2>/dev/null; wait "$E2E_MOCK_PID" 2>/dev/null
start_mock_server --user editor --password "$PASSWORD" --mock-size 40 --latency 3000 --port "$MOCK_PORT" || finish
started=$(date +%s%N)
start 132 40 --site "$URL" --user editor
wait_for "cached, checking" 10 || finish
shown_after=$(( ($(date +%s%N) - started) / 1000000 ))
check "cached comments on screen before the site answered (${shown_after} ms; the site takes 3000 ms)" [ "$shown_after" -lt 3000 ]
check "a cached comment is shown" bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qE 'comment #[0-9]+'"
wait_for "of 42" 40 || finish
keys q
wait_for "EXIT:0" 5
finish
