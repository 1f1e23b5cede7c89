#!/usr/bin/env bash
# The mouse (issue 16): parley asks for SGR reports; a click puts the cursor on a row, a
# double click opens it, the wheel moves the list. The reports are written into the pane
# as a terminal would send them (tmux passes them on as input).
. "$(dirname "$0")/lib.sh"
start 80 24
wait_for "shown of" 15 || finish
sleep 0.3
# parley asked for button reports in the SGR form (what makes tmux or a terminal send them).
flags=$(tmuxc display-message -p -t "$E2E_SESSION" '#{mouse_standard_flag}#{mouse_sgr_flag}')
[ "$flags" = "11" ] || fail "mouse reporting is not on (standard, SGR flags: $flags)"
# Row 6 of the screen is list row 5 (the header is row 1); its author, as drawn.
# The author column follows the status mark and, once the site is scored, the spam score's
# two columns and a space (issue 30).
author_on() { screen | sed -n "$1p" | cut -c4- | sed -E 's/^([ ?!][0-9~]|  ) //' | cut -c1-16 | sed 's/ *$//'; }
author6=$(author_on 6)
author9=$(author_on 9)
[ -n "$author6" ] || fail "no author on row 6"
# A click on row 6 (column 10), then Enter opens what the cursor is on.
type_text $'\e[<0;10;6M\e[<0;10;6m'
sleep 0.2
keys Enter
wait_for "comment #" 5 || finish
screen | sed -n 2p | grep -qF -- "$author6" || fail "the click did not put the cursor on row 6 ($author6): $(screen | sed -n 2p)"
keys Escape
wait_gone "comment #" 5 || finish
# The wheel down over the list: three rows further (row 9 of the screen).
type_text $'\e[<65;10;6M'
sleep 0.2
keys Enter
wait_for "comment #" 5 || finish
screen | sed -n 2p | grep -qF -- "$author9" || fail "the wheel did not move the cursor to row 9 ($author9): $(screen | sed -n 2p)"
keys Escape
wait_gone "comment #" 5 || finish
# A double click on row 6 opens it.
type_text $'\e[<0;10;6M\e[<0;10;6m\e[<0;10;6M\e[<0;10;6m'
wait_for "comment #" 5 || finish
screen | sed -n 2p | grep -qF -- "$author6" || fail "the double click did not open row 6 ($author6)"
keys q
wait_for "EXIT:0" 5
flags=$(tmuxc display-message -p -t "$E2E_SESSION" '#{mouse_standard_flag}#{mouse_sgr_flag}')
[ "$flags" = "00" ] || fail "mouse reporting was left on after quitting ($flags)"
# mouse = false in config.toml: parley does not ask.
mkdir -p "$E2E_STATE/config/parley"
printf 'mouse = false\n' > "$E2E_STATE/config/parley/config.toml"
tmuxc kill-server 2>/dev/null
E2E_SESSION="$E2E_SESSION-off"
E2E_ENV="XDG_CONFIG_HOME='$E2E_STATE/config'" start 80 24
wait_for "shown of" 15 || finish
flags=$(tmuxc display-message -p -t "$E2E_SESSION" '#{mouse_standard_flag}#{mouse_sgr_flag}')
[ "$flags" = "00" ] || fail "mouse = false still asked for reports ($flags)"
keys q
wait_for "EXIT:0" 5
finish
