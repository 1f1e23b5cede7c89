#!/usr/bin/env bash
# A resize re-lays out at once; a tiny terminal shows a message, not a crash; growing back works.
. "$(dirname "$0")/lib.sh"
start 132 40
wait_for "comment #" 15 || finish
wait_for "comment #" || finish
tmuxc resize-window -t "$E2E_SESSION" -x 70 -y 20
wait_gone "comment #" 5   # narrow: the detail pane is no longer beside the list
header=$(screen | head -n 1)
check "the header fits 70 columns" [ "${#header}" -le 70 ]
tmuxc resize-window -t "$E2E_SESSION" -x 30 -y 8
wait_for "Terminal too small" 5 || finish
tmuxc resize-window -t "$E2E_SESSION" -x 2 -y 2
tmuxc resize-window -t "$E2E_SESSION" -x 120 -y 30
wait_for "comment #" 5 || finish
keys q
wait_for "EXIT:0" 5
finish
