#!/usr/bin/env bash
# Issue 29, "keys typed quickly are keys": Esc and / in one tmux send-keys arrive in one read,
# which the terminal's decoding pairs into Alt-/. Nothing is bound to Alt-/ in the list, so
# it is Esc then /: the search opens and the words typed next are searched, not run as
# commands (before: the chord was dropped and "y" said "This comment has no link.").
. "$(dirname "$0")/lib.sh"
start 120 30
wait_for "comment #" 15 || finish
keys Escape /
type_text "you can"
wait_for "/you can" 10 || finish
check "no letter ran as a command" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -q 'has no link'"
# In the search prompt, Esc and a letter together: the search is cancelled (the prompt
# closes), then j acts in the list.
keys C-u
type_text "zzzz"
wait_for "/zzzz" 5 || finish
keys Escape j
wait_gone "/zzzz" 5 || finish
check "the search was cancelled, not kept" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -q 'FILTERED'"
keys q
wait_for "EXIT:0" 10
finish
