#!/usr/bin/env bash
# Alt chords arrive as Esc + key. In a reply of about 3,000 characters, Alt-y (tmux sends
# ESC y) must not discard it: Esc alone asks, and only Ctrl-X answers.
. "$(dirname "$0")/lib.sh"
start 132 40
wait_for "comment #" 15 || finish
keys r
wait_for "Reply to" || finish
chunk=$(printf 'A long and careful answer. %.0s' $(seq 18))  # 486 characters
for _ in 1 2 3 4 5 6; do type_text "$chunk"; done
type_text "ENDMARK"
wait_for "ENDMARK" 15 || finish
keys M-y
keys M-b M-f
type_text "XYZ"
# Keys are handled in order: XYZ after the chords proves they were handled, and it lands
# at the end of the text only if the editor is still open with the text in it.
wait_for "ENDMARKXYZ" 10 || finish
absent() { ! screen | grep -qiF -- "$1"; }
check "no discard question" absent "Discard reply?"
check "nothing discarded" absent "discarded"
keys C-c
wait_for "EXIT:0" 5
finish
