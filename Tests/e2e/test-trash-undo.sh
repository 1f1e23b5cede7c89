#!/usr/bin/env bash
# d trashes the comment under the cursor at once; z brings it back.
. "$(dirname "$0")/lib.sh"
start 132 40
wait_for "comment #" 15 || finish
wait_loaded || finish
target=$(line_with "comment #" | grep -oE 'comment #[0-9]+')
keys d
wait_for "moved to the trash" || finish
check "the trashed comment left the detail pane" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF '$target'"
keys z
wait_for "Undone" || finish
wait_for "$target" 5
keys q
wait_for "EXIT:0" 5
finish
