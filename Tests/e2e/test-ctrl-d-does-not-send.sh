#!/usr/bin/env bash
# Ctrl-D in the reply editor deletes the character under the cursor (at the end of the
# text: nothing), as readline does; it never sends. Only Ctrl-S sends.
. "$(dirname "$0")/lib.sh"
start 132 40
wait_for "comment #" 15 || finish
keys r
wait_for "Reply to" || finish
wait_for "Ctrl-S send" || finish
type_text "Half-written thought"
wait_for "Half-written thought" || finish
keys C-d
keys Left C-d
type_text "!"
wait_for "Half-written though!" 10 || finish
absent() { ! screen | grep -qF -- "$1"; }
check "Ctrl-D posted nothing" absent "Reply posted."
keys C-s
wait_for "Reply posted." 10 || finish
keys q
wait_for "EXIT:0" 5
finish
