#!/usr/bin/env bash
# Live updates against parley-mock-server over HTTP: the mock adds a visitor's comment every
# second (--new-every 1) and parley polls every second (--poll-interval 1). A new comment
# appears marked "+", the header counts it ("1 new"), and the cursor stays on its comment
# (the detail pane beside the list still shows the same comment). + jumps to the newest new one.
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" --mock-size 12 --new-every 1 || finish
notes_config

# shown_comment: the id of the comment the detail pane shows ("comment #12").
shown_comment() { screen | grep -oE 'comment #[0-9]+' | head -n 1 | grep -oE '[0-9]+$'; }
# pane_leaves ID: waits (5 s at most) until the detail pane shows another comment than #ID,
# as it does once the cursor has rested.
pane_leaves() {
  local deadline=$(( $(date +%s) + 5 ))
  while [ "$(shown_comment)" = "$1" ] && [ "$(date +%s)" -lt "$deadline" ]; do sleep 0.05; done
}

start 132 40 --config "$config" --poll-interval 1
wait_for " shown" 15 || finish
wait_for "comment #" 5 || finish
first=$(shown_comment)
keys j j
pane_leaves "$first"
before=$(shown_comment)
[ -n "$before" ] || { fail "the detail pane shows a comment: $(screen)"; finish; }

wait_for " new · " 15 || finish
screen | grep -qE '^\+' || fail "a new comment is marked + in its row: $(screen)"
after=$(shown_comment)
[ "$after" = "$before" ] || fail "the cursor stayed on comment #$before, the pane shows #$after"

# w: the newest new comment, which the cursor then reaches (seen: no longer counted as new).
keys +
pane_leaves "$before"
jumped=$(shown_comment)
[ -n "$jumped" ] && [ "$jumped" != "$before" ] || fail "+ moved the cursor to a new comment (pane shows #$jumped)"
keys q
wait_for "EXIT:0" 5
finish
