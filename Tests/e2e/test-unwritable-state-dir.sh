#!/usr/bin/env bash
# A state directory that cannot be written does not stop parley: it starts, says once in
# words what it cannot keep and where, and keeps working; quitting with a reply open asks
# first, since the draft lives in memory only. It used to stop with
# "Error: Error Domain=NSCocoaErrorDomain Code=512".
. "$(dirname "$0")/lib.sh"
BLOCKER="$E2E_STATE/not-a-directory"
echo "a file where the state directory should be" > "$BLOCKER"
E2E_ENV="XDG_STATE_HOME='$BLOCKER'" start 132 40
wait_for "comment #" 15 || finish
wait_for "Cannot keep drafts, filters and the log ($BLOCKER is a file, not a directory)" 5 || finish
check "no NSError dump" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -q 'Error Domain'"
keys j
wait_gone "Cannot keep drafts" 5 || finish
keys r
wait_for "Reply to" || finish
type_text "Nowhere to keep this"
keys Escape
wait_for "Discard" || finish
keys n
keys C-c
wait_for "quitting would lose text" 5 || finish
check "still running after the first Ctrl-C" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -q 'EXIT:'"
keys C-c
wait_for "EXIT:0" 5 || finish
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null

# Nothing to lose: q quits at once, with status 0.
E2E_ENV="XDG_STATE_HOME='$BLOCKER'" start 132 40
wait_for "comment #" 15 || finish
keys q
wait_for "EXIT:0" 5
finish
