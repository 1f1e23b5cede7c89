#!/usr/bin/env bash
# Toggling Status → Spam in the filter panel changes the list and shows FILTERED.
. "$(dirname "$0")/lib.sh"
start 132 40
wait_for "comment #" 15 || finish
check "not filtered at start" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -q FILTERED"
before=$(line_with " shown")
keys f
# The panel opens on Status, the cursor on its first toggle (Approved).
wait_for "▾ Status" || finish
wait_for "[ ] Spam" || finish
keys j j Space
wait_for "[x] Spam" || finish
wait_for "FILTERED" || finish
after=$(line_with " shown")
check "the count changed" [ "$before" != "$after" ]
# Every list row now carries the spam mark S (rows start after the panel's │).
rows=$(screen | sed -n '2,39p' | grep -oE '│ (├─|└─|│ )*[APST] ' | grep -oE '[APST] $' | sort -u | tr -d ' \n')
check "only spam rows are listed (saw: $rows)" [ "$rows" = "S" ]
keys c
wait_gone "FILTERED" 5
keys q
wait_for "EXIT:0" 5
finish
