#!/usr/bin/env bash
# Start-up shows comments; j and k move the cursor (the detail pane follows once it rests).
. "$(dirname "$0")/lib.sh"
current() { screen | grep -oE 'comment #[0-9]+' | head -n 1; }
start 132 40
wait_for "parley · Field Notes" || finish
wait_for "comment #" 15 || finish
first=$(current)
keys j
wait_gone "$first" 5
second=$(current)
check "j moved to another comment ($first → $second)" [ -n "$second" ] && [ "$first" != "$second" ]
keys k
wait_for "$first" 5
# Keys in a burst: the detail pane follows once they stop, and shows the cursor's comment.
keys j j j
wait_gone "$first" 5
keys k k k
wait_for "$first" 5
keys q
wait_for "EXIT:0" 5
finish
