#!/usr/bin/env bash
# A trash the site refuses puts the comment back and the cursor (and detail pane) with it:
# a second d targets the same comment again, never its neighbour.
. "$(dirname "$0")/lib.sh"

start 132 40 --fail-rate 1 --fail-writes-only --latency 300
wait_for "comment #" 15 || finish
target=$(line_with "comment #" | grep -oE 'comment #[0-9]+')
keys d
wait_for "Trash failed" 10 || finish
wait_for_id "$target" 5 || finish
check "the detail pane is back on $target" shows_id "$target"
keys d
# The second trash leaves at once (the detail moves on), then fails and comes back.
wait_gone_id "$target" 5 || finish
wait_for_id "$target" 10 || finish
check "the same comment came back after the second failure" bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF 'Trash failed'"
keys q
wait_for "EXIT:0" 5
finish
