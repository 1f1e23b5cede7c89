#!/usr/bin/env bash
# Undo only undoes your own change (issue 27) against the real WordPress: parley approves a
# pending comment, another moderator (curl, as wp-admin would) marks it spam, and `z` does
# not put it back to pending without a word ("z in instance 1 put it back to pending"): it
# asks, naming the change, and `n` leaves WordPress's spam; on a second comment `y` undoes.
# parley does not poll (--poll-interval 0): the key must meet a copy the site no longer has.
. "$(dirname "$0")/lib.sh"

kept=$(create "Undo left alone" hold)
undone=$(create "Undo confirmed" hold)
[ -n "$kept" ] && [ -n "$undone" ] || { echo "could not create the scenario's comments on WordPress"; exit 1; }

start_parley --poll-interval 0
wait_for "shown of" 20 || finish
find_comment "Undo left alone $token" "$kept" || finish
keys a
wait_for "Comment approved." 15 || finish
check "approved on WordPress" eventually "$kept" approved
set_status "$kept" spam
keys z
wait_for "Marked as spam on the site since your change (parley did not do it) — undo anyway?" 15 || finish
[ "$(status_of "$kept")" = "spam" ] || fail "nothing undone before the answer (WordPress: $(status_of "$kept"))"
keys n
wait_for "Left as the site has it." 5
[ "$(status_of "$kept")" = "spam" ] || fail "n leaves the other moderator's spam (WordPress: $(status_of "$kept"))"

find_comment "Undo confirmed $token" "$undone" || finish
keys a
wait_for "Comment approved." 15 || finish
check "approved on WordPress" eventually "$undone" approved
set_status "$undone" spam
keys z
wait_for "Marked as spam on the site since your change (parley did not do it) — undo anyway?" 15 || finish
keys y
check "y undoes the approval over the spam: pending again" eventually "$undone" hold

quit_parley
finish
