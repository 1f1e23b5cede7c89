#!/usr/bin/env bash
# Live updates on the embedded mock: parley --new-every 1 adds a visitor's comment to every
# site each second, and parley polls each second. A new comment appears marked "+" with the
# header's count, while the cursor stays on its comment (the detail pane still shows it).
. "$(dirname "$0")/lib.sh"

# shown_comment: the id of the comment the detail pane shows ("comment #12").
shown_comment() { screen | grep -oE 'comment #[0-9]+' | head -n 1 | grep -oE '[0-9]+$'; }
# pane_leaves ID: waits (5 s at most) until the detail pane shows another comment than #ID.
pane_leaves() {
  local deadline=$(( $(date +%s) + 5 ))
  while [ "$(shown_comment)" = "$1" ] && [ "$(date +%s)" -lt "$deadline" ]; do sleep 0.05; done
}

start 132 40 --mock-size 12 --new-every 1 --poll-interval 1
wait_for "comment #" 15 || finish
first=$(shown_comment)
keys j j j
pane_leaves "$first"
before=$(shown_comment)
[ -n "$before" ] && [ "$before" != "$first" ] || { fail "the detail pane follows the cursor: $(screen)"; finish; }

wait_for " new · " 15 || finish
screen | grep -qE '^\+' || fail "a new comment is marked + in its row"
[ "$(shown_comment)" = "$before" ] || fail "the cursor stayed on comment #$before"
keys q
wait_for "EXIT:0" 5
finish
