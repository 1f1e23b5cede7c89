#!/usr/bin/env bash
# Ctrl-Z stops parley and gives an interactive shell its prompt back with the terminal in
# cooked mode; `fg` brings parley back, repainted at the terminal's new size, with the reply
# being written still there, and keys still work. Job control needs a shell that has it, so
# the pane runs `bash -i` and parley is started from its prompt, as a user would.
. "$(dirname "$0")/lib.sh"

tmuxc new-session -d -s "$E2E_SESSION" -x 100 -y 30 "env -u PROMPT_COMMAND PS1='e2e\$ ' bash --norc --noprofile -i" \
  || { fail "tmux did not start a shell"; finish; }
wait_for 'e2e$' 10 || finish
type_text "env XDG_STATE_HOME='$E2E_STATE' TERM=xterm-256color LANG=C.UTF-8 '$PARLEY_BIN'"
keys Enter
wait_for "comment #" 15 || finish

# A reply in progress must survive the stop.
keys r
wait_for "Ctrl-S" 5 || finish
type_text "half a reply"
wait_for "half a reply" 5 || finish
pid=$(parley_pid) || { fail "no parley process under the shell"; finish; }

keys C-z
wait_for "Stopped" 5 || finish
check "parley is stopped (state T)" grep -qE '^State:[[:space:]]+T' "/proc/$pid/status"
check "the shell's prompt is back" bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -v '^\$' | tail -n 1 | grep -qxF 'e2e\$'"
check "parley's screen is gone" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF 'half a reply'"

type_text "jobs"
keys Enter
# -J joins the lines the pane wrapped: the job's command line is long.
jobs_lists_parley_stopped() {
  tmuxc capture-pane -p -J -t "$E2E_SESSION" | sed -n '/^e2e\$ jobs/,$p' | grep -E 'Stopped' | grep -qF debug/parley
}
deadline=$(( $(date +%s) + 5 ))
until jobs_lists_parley_stopped || [ "$(date +%s)" -ge "$deadline" ]; do sleep 0.05; done
check "jobs lists parley as stopped" jobs_lists_parley_stopped

# The quotes keep the typed command from matching what its output is waited for.
type_text "stty -a | tr ' ' '\n' | grep -E '^-?(icanon|echo|isig)\$' | tr '\n' ' '; echo STTY-\"\"END"
keys Enter
wait_for "STTY-END" 5 || finish
stty_line=$(screen | grep -E '(^| )-?icanon ' | tail -n 1)
check "cooked mode while stopped (icanon echo isig): $stty_line" bash -c "echo '$stty_line' | grep -qE '(^| )icanon ' && echo '$stty_line' | grep -qE '(^| )echo ' && echo '$stty_line' | grep -qE '(^| )isig '"
check "no raw flag while stopped: $stty_line" bash -c "! echo '$stty_line' | grep -qE -- '-icanon|-echo |-isig'"

# The terminal changes size while parley is stopped: it must come back at the new size.
tmuxc resize-window -t "$E2E_SESSION" -x 120 -y 34
type_text "fg"
keys Enter
wait_for "half a reply" 10 || finish
check "parley runs again" bash -c "! grep -qE '^State:[[:space:]]+T' /proc/$pid/status"
header=$(screen | head -n 1)
check "the header is laid out for 120 columns (${#header})" [ "${#header}" -ge 110 ]
check "the shell's lines are painted over" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF 'STTY-END'"

# Keys still reach the editor.
type_text " and the rest"
wait_for "half a reply and the rest" 5 || finish

# Quit (the reply stays a draft) and the shell is left in cooked mode.
keys C-c
wait_for 'e2e$' 10 || finish
type_text "echo EXIT:\$?; stty -a | tr ' ' '\n' | grep -E '^-?(icanon|echo)\$' | tr '\n' ' '; echo"
keys Enter
wait_for "EXIT:0" 5
finish
