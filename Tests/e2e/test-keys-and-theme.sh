#!/usr/bin/env bash
# config.toml's [keys] and theme: a remapped key works (and the old one no longer does), `?`
# shows the new key, the light theme draws no yellow, and a wrong line is said with its
# line number while parley starts anyway.
. "$(dirname "$0")/lib.sh"
config="$E2E_STATE/config.toml"
cat > "$config" <<'TOML'
theme = "light"

[keys]
"ctrl-t" = "trash"
"x" = "trsh"
TOML
start 100 30 --config "$config"
wait_for "comment #" 15 || finish
wait_for "config.toml:5" 5 || finish
check "the unknown action is named" bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -q 'unknown action \"trsh\"'"
wait_gone "loading" 20 || finish  # the background load is done: the count stays put
wait_for " shown of " 5 || finish
before=$(screen | grep -oE '[0-9]+ shown' | head -n 1)
keys d
sleep 0.5  # nothing is to happen: give a wrong trash time to show
check "d no longer trashes (was: $before)" bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF -- '$before of'"
check "d says nothing" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -q 'to undo'"
keys C-t
wait_for "to undo" 5 || finish
check "the count went down" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF -- '$before of'"
keys '?'
wait_for "Keys: Comment list" 5 || finish
keys / t r a s h Enter
wait_for "Ctrl-T      trash" 5 || finish
# Light: no yellow text anywhere (SGR 33), which fades on a white background.
check "no yellow in the light theme" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -e -p -t '$E2E_SESSION' | grep -qE $'\e\\\\[([0-9;]*;)?33(;[0-9;]*)?m'"
check "magenta marks pending in the light theme" bash -c "tmux -S '$E2E_SOCKET' capture-pane -e -p -t '$E2E_SESSION' | grep -qE $'\e\\\\[([0-9;]*;)?35(;[0-9;]*)?m'"
keys q
wait_gone "Keys: Comment list" 5 || finish
keys q
wait_for "EXIT:0" 5
finish
