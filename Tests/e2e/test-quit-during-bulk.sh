#!/usr/bin/env bash
# Quitting while a bulk action runs (issue 13): a first q says how far it got and asks; a
# second sends nothing more, quits, and says on the way out how many were done and how many
# were never sent. The server then has at most the few that were in flight.
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" --mock-size 60 --latency 400 || finish
E2E_ENV="PARLEY_APP_PASSWORD='abcd efgh'"
export PARLEY_APP_PASSWORD="abcd efgh"
SITE="http://127.0.0.1:$MOCK_PORT/site-1"
c() { XDG_STATE_HOME="$E2E_STATE" XDG_CONFIG_HOME="$E2E_STATE/none" "$PARLEY_BIN" comment "$@" --site "$SITE" --user editor 2>&1; }
spam_before=$(c list --status spam --format count)
start 132 40 --site "$SITE" --user editor
wait_for "comment #" 20 || finish
keys X
wait_for "tagged ·" || finish
keys s
wait_for "tagged comments?" || finish
keys y
wait_for "Spam: " 5 || finish
keys q
wait_for "q again stops it (nothing more is sent) and quits." 5 || finish
keys q
wait_for "EXIT:0" 10 || finish
line=$(line_with "parley: Spam stopped:")
check "the way out says how far it got: $line" bash -c "echo '$line' | grep -qE 'parley: Spam stopped: [0-9]+ of [0-9]+ done, .*[1-9][0-9]* not sent\.'"
spam_after=$(c list --status spam --format count)
check "at most the 4 in flight reached the site ($spam_before → $spam_after)" [ "$spam_after" -le "$(( spam_before + 4 ))" ]
finish
