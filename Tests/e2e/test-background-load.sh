#!/usr/bin/env bash
# Without a key pressed, parley loads the whole site in the background: the header counts
# the progress, then shows every comment the site has (the count `parley comment count`
# gives for the same mock), with nothing left loading.
. "$(dirname "$0")/lib.sh"
total=$("$PARLEY_BIN" comment count --mock-size 3000 --format yaml | sed -n 's/^total: //p')
check "the mock site has a total ($total)" [ -n "$total" ]
start 132 40 --mock-size 3000 --latency 20
wait_for "parley · Field Notes" || finish
wait_for "shown of $(grouped "$total")" 30 || finish
header=$(screen | head -n 1)
check "the header says nothing is loading any more: $header" bash -c "! grep -q loading <<< \"\$1\"" _ "$header"
keys q
wait_for "EXIT:0" 5
finish
