#!/usr/bin/env bash
# Who did what (issue 27): a trash, an unapproval and an approval made with keys are in the
# write log; the detail pane shows the comment's last changes, at once and after a restart
# (read back from the log); `parley log` prints them, filters them and gives them as JSON.
. "$(dirname "$0")/lib.sh"
log() { XDG_STATE_HOME="$E2E_STATE" "$PARLEY_BIN" log "$@"; }

start 132 40 --mock-size 40
# Both lists in (comments and pings come as two, either first), then the top row: the same
# row in the second run below.
wait_loaded || finish
at_top || finish
trashed=$(line_with "comment #" | grep -oE 'comment #[0-9]+' | grep -oE '[0-9]+')
keys d
wait_for "moved to the trash" || finish
wait_gone_id "comment #$trashed" 5
approved=$(line_with "comment #" | grep -oE 'comment #[0-9]+' | grep -oE '[0-9]+')
# The next comment may be pending: approved first, then unapproved and approved again.
if screen | grep -qF "UTC · Pending"; then
  keys a
  wait_for "Comment approved." || finish
fi
keys u
wait_for "Comment unapproved." || finish
keys a
wait_for "Comment approved." || finish
wait_for "Last changes parley knows of:" 5 || finish
wait_for "just now · approved (was pending) by" 5
wait_for "just now · unapproved (was approved) by" 5
keys q
wait_for "EXIT:0" 5 || finish

table=$(log)
check "the log has the writes, oldest first, the trash first: $table" bash -c "
  echo '$table' | grep -n 'moved to the trash' | grep -q '^2:' &&
  echo '$table' | tail -n 2 | head -n 1 | grep -q 'unapproved (was approved)' &&
  echo '$table' | tail -n 1 | grep -q 'approved (was pending)'"
check "one record is about comment $trashed" [ "$(log --comment "$trashed" --format count)" = "1" ]
json=$(log --comment "$approved" --newest-first --format json)
check "newest first, as JSON, with the before and after: $json" python3 -c "
import json, sys
records = json.loads(sys.argv[1])
assert [(r['before'], r['after'], r['outcome'], r['via']) for r in records][:2] == [('hold', 'approved', 'done', 'tui'), ('approved', 'hold', 'done', 'tui')], records
" "$json"
check "a date filter after the writes finds none" [ "$(log --since 2999-01-01 --format count)" = "0" ]

# A second run reads the log. Its mock is made anew (the trashed comment is back, the top
# row): the pane shows what parley logged of it.
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null
start 132 40 --mock-size 40
wait_loaded || finish
at_top || finish
wait_for "comment #$trashed" 5 || finish
wait_for "Last changes parley knows of:" 5
wait_for "moved to the trash (was " 5 || fail "the pane does not show the trash parley logged"
keys q
wait_for "EXIT:0" 5
finish
