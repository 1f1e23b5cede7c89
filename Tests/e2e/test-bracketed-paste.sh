#!/usr/bin/env bash
# Pastes are text, never keys. tmux's `paste-buffer -p` brackets the paste only when the
# application turned bracketed paste on, so this also proves parley did. Pasted into the
# list, "dddsss" trashes and spams nothing; pasted into the reply editor, it is text.
. "$(dirname "$0")/lib.sh"
start 132 40
wait_for "comment #" 15 || finish
# The rest of the site loads in the background: the header changes until it is all in.
wait_for "shown of" 30 || finish
wait_for " pending " 15 || finish  # the site's counts are in: the header is settled
paste() { tmuxc set-buffer -- "$1"; tmuxc paste-buffer -p -t "$E2E_SESSION"; }
absent() { ! screen | grep -qF -- "$1"; }
# The header without the spinner, which turns while anything is asked in the background.
header() { screen | head -n 1 | sed 's/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]//' | tr -s ' '; }
same_header() { [ "$(header)" = "$header_before" ]; }
on_separate_lines() { screen | grep -F -- "$1" | grep -qvF -- "$2"; }
header_before=$(header)
paste 'dddsss'
wait_for "Paste ignored: no text field has focus." 10 || finish
check "the list did not change" same_header
check "nothing trashed" absent "moved to the trash"
check "nothing spammed" absent "marked as spam"
paste 'D'
keys '?'
wait_for "Comment list" || finish
check "no question after D pasted" absent "permanently?"
keys '?'
keys r
wait_for "Reply to" || finish
paste $'dddsss\nsecond line'
wait_for "dddsss" 10 || finish
wait_for "second line" 10 || finish
check "the paste kept its line break" on_separate_lines "dddsss" "second line"
keys Escape
wait_for "Discard reply?" || finish
keys C-x
wait_for "Reply discarded: r brings it back." || finish
keys r
wait_for "Draft restored." || finish
wait_for "second line" || finish
keys C-c
wait_for "EXIT:0" 5 || finish
# Quitting turned bracketed paste off: the terminal (echoing for `sleep`) shows a paste
# without the markers, which would echo as ^[[200~.
paste 'afterquit'
wait_for "afterquit" 5 || finish
check "bracketed paste is off after quitting" absent "[200~"
finish
