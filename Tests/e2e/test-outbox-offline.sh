#!/usr/bin/env bash
# Issue 14's outbox: a reply written with --offline (on the replica, the site down) is
# queued ("Q" in its row, "1 queued" in the header), q says it waits for the next start,
# and the next start sends it once the site is back — exactly once, and never again at
# the start after. Then, without --offline and the site down at start: "cannot be
# reached", a reply queued, the site back while parley runs, the retry timer sends it.
. "$(dirname "$0")/lib.sh"
PASSWORD="abcd efgh ijkl"
start_mock_server --user editor --password "$PASSWORD" --mock-size 40 || finish  # 40 comments; with the seed's 2 pings parley lists 42
URL="http://127.0.0.1:$MOCK_PORT/site-1"
export E2E_ENV="PARLEY_APP_PASSWORD='$PASSWORD'"
marker="Outbox-marker-$RANDOM sent once"

# count_replies [MARKER]: how many comments on the site hold the marker (asked with the CLI).
count_replies() {
  local text=${1:-$marker}
  env PARLEY_APP_PASSWORD="$PASSWORD" XDG_STATE_HOME="$E2E_STATE" "$PARLEY_BIN" comment list --status any \
    --search "${text:0:20}" --format count --site "$URL" --user editor 2>"$E2E_STATE/cli.err"
}

# --offline needs the replica: without one it is an error, in one sentence.
env PARLEY_APP_PASSWORD="$PASSWORD" "$PARLEY_BIN" --offline --no-replica --site "$URL" --user editor </dev/null >"$E2E_STATE/no-replica.out" 2>&1
status=$?
check "--offline --no-replica fails (exit $status)" test "$status" -eq 1
check "and says why: $(cat "$E2E_STATE/no-replica.out")" grep -q "replica" "$E2E_STATE/no-replica.out"

# --offline on a site never opened: there is no copy to show, and it says how to make one.
start 132 40 --offline --site "$URL" --user editor
wait_for "no local copy" 10 || finish
wait_for "EXIT:1" 5 || finish
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null

# First start: the site is listed and kept in the replica, with the moderator's facts
# (read again in the edit context once the login check answers: wait for them, or q could
# come first and the copy keep none).
start 132 40 --site "$URL" --user editor
wait_for "of 42" 20 || finish
past_pings
wait_for "E-mail:" 10 || finish
keys q
wait_for "EXIT:0" 5 || finish
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null

# The site goes down; parley --offline shows the replica and queues the reply.
kill "$E2E_MOCK_PID" 2>/dev/null; wait "$E2E_MOCK_PID" 2>/dev/null
start 132 40 --offline --site "$URL" --user editor
wait_for "offline" 10 || finish
wait_for "comment #" 10 || finish
# The replica kept the moderator's facts; their history cannot be counted offline, and says so.
past_pings
wait_for "E-mail:" 5 || finish
wait_for "could not count: parley is offline" 5 || finish
check "no loading error offline" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF 'Could not load'"
keys r
wait_for "Reply to" 5 || finish
type_text "$marker"
keys C-s
wait_for "1 queued" 10 || finish
wait_for "Queued" 5 || finish
check "the reply's row is shown" bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF '${marker:0:20}'"
keys q
wait_for "1 write queued will be sent at the next start" 5 || finish
keys q
wait_for "EXIT:0" 5 || finish
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null
drafts=$(find "$E2E_STATE/parley" -path '*drafts*' -type f 2>/dev/null | wc -l)
check "the queued reply is not also kept as a draft (found $drafts)" test "$drafts" -eq 0

# The queued reply exists only in the replica: parley cache says so, and will not forget it.
listing=$(env XDG_STATE_HOME="$E2E_STATE" "$PARLEY_BIN" cache 2>&1)
check "parley cache counts the queued write: $listing" grep -q '1 queued' <<<"$listing"
env XDG_STATE_HOME="$E2E_STATE" "$PARLEY_BIN" cache --forget-site "$URL" >"$E2E_STATE/forget.out" 2>&1
status=$?
check "--forget-site keeps a replica with a queued write (exit $status)" test "$status" -eq 1
check "and says why: $(cat "$E2E_STATE/forget.out")" grep -q "1 write waits in the outbox" "$E2E_STATE/forget.out"

# The site is back (a fresh mock, same seed and port: the comment answered exists): the
# next start sends the reply.
start_mock_server --user editor --password "$PASSWORD" --mock-size 40 --port "$MOCK_PORT" || finish
check "nothing was posted while parley was offline" test "$(count_replies)" = "0"
start 132 40 --site "$URL" --user editor
wait_for "Reply posted" 20 || finish
wait_gone "queued" 10 || finish
keys q
wait_for "EXIT:0" 5 || finish
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null
check "the reply is on the site exactly once (found $(count_replies); $(cat "$E2E_STATE/cli.err"))" test "$(count_replies)" = "1"

# One more start: nothing is sent twice.
start 132 40 --site "$URL" --user editor
wait_for "of 43" 20 || finish
check "nothing queued any more" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF 'queued'"
keys q
wait_for "EXIT:0" 5 || finish
check "still exactly once (found $(count_replies))" test "$(count_replies)" = "1"
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null

# Without --offline, the site down at start: the replica is shown, the header says the site
# cannot be reached, a reply is queued; the site comes back while parley runs, and the
# retry timer sends it.
kill "$E2E_MOCK_PID" 2>/dev/null; wait "$E2E_MOCK_PID" 2>/dev/null
second="Outbox-retry-$RANDOM sent once"
start 132 40 --site "$URL" --user editor
wait_for "cannot be reached" 15 || finish
keys r
wait_for "Reply to" 5 || finish
type_text "$second"
keys C-s
wait_for "1 queued" 10 || finish
start_mock_server --user editor --password "$PASSWORD" --mock-size 40 --port "$MOCK_PORT" || finish
wait_for "Reply posted" 90 || finish
wait_gone "queued" 10 || finish
keys q
wait_for "EXIT:0" 5 || finish
check "the retried reply is on the site exactly once (found $(count_replies "$second"))" test "$(count_replies "$second")" = "1"
finish
