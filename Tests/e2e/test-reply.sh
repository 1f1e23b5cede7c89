#!/usr/bin/env bash
# r opens the editor under the comment; Ctrl-S posts; the reply appears in the list.
. "$(dirname "$0")/lib.sh"
start 132 40
wait_for "comment #" 15 || finish
keys r
wait_for "Reply to" || finish
type_text "Thanks, fixed in version 2"
keys C-s
wait_for "Reply posted." || finish
wait_for "Thanks, fixed in version 2" 5
wait_gone "Reply to" 5
keys q
wait_for "EXIT:0" 5
finish
