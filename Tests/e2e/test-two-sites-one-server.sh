#!/usr/bin/env bash
# Two sites on one server (a multisite in subdirectories) keep their own drafts and filters,
# and each header shows the site's own name. They used to share both, keyed by host (a draft
# written on site-2 was "restored" on site-1, ready to go to another person), and both
# headers said "parley · 127.0.0.1".
. "$(dirname "$0")/lib.sh"
start_mock_server || finish
SITE1="http://127.0.0.1:$MOCK_PORT/site-1"
SITE2="http://127.0.0.1:$MOCK_PORT/site-2"

# The id of the comment in the detail pane ("… · comment #N").
detail_id() { screen | grep -oE 'comment #[0-9]+' | head -n 1 | grep -oE '[0-9]+$'; }

# go_to_comment ID: from the top, moves the cursor down until the detail
# pane shows comment #ID, waiting after each move for the pane to follow (it catches up
# once the cursor rests).
go_to_comment() {
  local i j current
  keys g
  sleep 0.3
  for i in $(seq 1 150); do
    current=$(detail_id)
    [ "$current" = "$1" ] && return 0
    keys j
    for j in $(seq 1 60); do
      [ "$(detail_id)" != "$current" ] && break
      sleep 0.05
    done
  done
  fail "comment #$1 is not in the list"
  return 1
}

next_run() { wait_for "EXIT:0" 5 || finish; tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null; }

# Site 2: a reply left open at Ctrl-C is kept as a draft.
start 132 40 --site "$SITE2"
wait_for "parley · Kitchen Table" 15 || finish
wait_for "comment #" 15 || finish
wait_loaded || finish
keys g
keys r
wait_for "Reply to" || finish
# Read with the editor open: the pane then shows the comment being answered.
ID=$(detail_id)
[ -n "$ID" ] || { fail "no comment id in the detail pane"; finish; }
type_text "Only for Kitchen Table"
keys C-c
next_run

# Site 2 again: the Spam filter on.
start 132 40 --site "$SITE2"
wait_for "comment #" 15 || finish
wait_loaded || finish
keys f
# The panel opens on Status, the cursor on its first toggle (Approved).
wait_for "▾ Status" || finish
wait_for "[ ] Spam" || finish
keys j j Space
wait_for "[x] Spam" || finish
wait_for "FILTERED" || finish
keys f
keys q
next_run

# Site 1: its own name, default filters, and no draft on the comment with the same id.
start 132 40 --site "$SITE1"
wait_for "parley · Field Notes" 15 || finish
wait_for "comment #" 15 || finish
wait_loaded || finish
check "site-1 is not filtered" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -q FILTERED"
check "the header does not show the host" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -q 'parley · 127.0.0.1'"
go_to_comment "$ID" || finish
keys r
wait_for "Reply to" || finish
check "no draft restored on site-1" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qE 'Draft restored|Only for Kitchen Table'"
keys Escape
wait_gone "Reply to" 5
keys q
next_run

# Site 2 once more: its filter and its draft are still there.
start 132 40 --site "$SITE2"
wait_for "parley · Kitchen Table" 15 || finish
wait_for "FILTERED" 15 || finish
keys f
wait_for "[x] Spam" || finish
keys c
wait_gone "FILTERED" 5 || finish
keys f
# The comment answered in the first run was the top one: same server, same list.
keys g
wait_for "comment #$ID" 5 || finish
keys r
wait_for "Only for Kitchen Table" 5 || finish
keys C-c
wait_for "EXIT:0" 5
finish
