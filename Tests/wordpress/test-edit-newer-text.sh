#!/usr/bin/env bash
# Edits never overwrite each other (issue 27) against the real WordPress, the other edit made
# with curl (as wp-admin would):
#   - before `e`: the editor opens on WordPress's newer text, not parley's copy, and says so;
#   - while the editor is open: Ctrl-S writes nothing and asks, showing both texts; `n`
#     keeps WordPress's text (and yours, for `e`).
# parley does not poll (--poll-interval 0): the key must meet a copy the site no longer has.
. "$(dirname "$0")/lib.sh"

# Each text keeps the words the search finds it by ("before-e TOKEN").
before=$(create "Edit before-e" approved)
during=$(create "Edit during-e" approved)
[ -n "$before" ] && [ -n "$during" ] || { echo "could not create the scenario's comments on WordPress"; exit 1; }
raw_of() { wp GET "/wp/v2/comments/$1&context=edit" | json "d['content']['raw']"; }

start_parley --poll-interval 0
wait_for "shown of" 20 || finish

find_comment "before-e $token" "$before" || finish
set_text "$before" "Newer text from wp-admin before-e $token"
keys e
wait_for "The text changed on the site (parley did not do it): you are editing the site's text." 15 || finish
wait_for "Newer text from wp-admin" 5 || fail "the editor holds WordPress's text"
keys End
type_text " plus mine"
keys C-s
wait_for "Comment updated." 15 || finish
check "saved over the site's own text: $(raw_of "$before")" [ "$(raw_of "$before")" = "Newer text from wp-admin before-e $token plus mine" ]

find_comment "during-e $token" "$during" || finish
keys e
wait_for "Edit your comment" 15 || finish
set_text "$during" "Changed while you typed during-e $token"
keys End
type_text " and my change"
keys C-s
wait_for "The text changed on the site since you opened it — save your text over it anyway?" 15 || finish
wait_for "On the site now:" 5
check "nothing written before the answer" [ "$(raw_of "$during")" = "Changed while you typed during-e $token" ]
keys n
wait_for "Left as the site has it; your text is kept" 5
check "n keeps WordPress's text" [ "$(raw_of "$during")" = "Changed while you typed during-e $token" ]
quit_parley
finish
