#!/usr/bin/env bash
# Replies to trashed or deleted comments (issue 27) against the real WordPress: after parley
# loaded a comment, another moderator (curl, as wp-admin would) trashes it, or deletes it for
# good; a reply to it (Ctrl-S, or Alt-a on a pending one) is not posted as an orphan: a
# question names the change, `n` keeps the text and WordPress gets no reply.
# parley does not poll (--poll-interval 0): the key must meet a copy the site no longer has.
. "$(dirname "$0")/lib.sh"

trashed=$(create "Parent trashed" approved)
deleted=$(create "Parent deleted" approved)
pending=$(create "Parent pending trashed" hold)
[ -n "$trashed" ] && [ -n "$deleted" ] && [ -n "$pending" ] || { echo "could not create the scenario's comments on WordPress"; exit 1; }
# replies_to ID: how many replies WordPress holds under comment ID, whatever their status.
replies_to() { wp GET "/wp/v2/comments&parent=$1&status=all&context=edit&per_page=100" | json "len(d) if isinstance(d, list) else 0"; }

start_parley --poll-interval 0
wait_for "shown of" 20 || finish

find_comment "Parent trashed $token" "$trashed" || finish
set_status "$trashed" trash
keys r
wait_for "Reply to" 5 || finish
type_text "Orphan one $token"
keys C-s
wait_for "The comment you reply to was moved to the trash on the site (parley did not do it) — post the reply anyway?" 15 || finish
keys n
wait_for "Reply not posted; your text is kept" 5
check "no reply under the trashed comment" [ "$(replies_to "$trashed")" = "0" ]

find_comment "Parent deleted $token" "$deleted" || finish
wp DELETE "/wp/v2/comments/$deleted&force=true" > /dev/null
keys r
wait_for "Reply to" 5 || finish
type_text "Orphan two $token"
keys C-s
wait_for "The comment you reply to was deleted on the site by someone else — post the reply anyway?" 15 || finish
keys n
wait_for "Reply not posted; your text is kept" 5
check "no reply under the deleted comment" [ "$(replies_to "$deleted")" = "0" ]

# Alt-a: approve the pending comment and post the reply — over a trash made elsewhere, neither.
find_comment "Parent pending trashed $token" "$pending" || finish
set_status "$pending" trash
keys r
wait_for "Reply to" 5 || finish
type_text "Orphan three $token"
keys M-a
wait_for "anyway?" 15 || finish
# Two questions, one after the other: the approval's and the reply's; `n` to both.
asked=""
for _ in 1 2 3 4; do
  wait_for "anyway?" 5 || break
  question=$(screen | grep -F "anyway?" | sed 's/^[ │]*//; s/[ │]*$//')
  asked="$asked $question"
  keys n
  wait_gone "$question" 5
  sleep 0.5
  screen | grep -qF "anyway?" || break
done
check "the approval asks: $asked" grep -qF "Moved to the trash on the site since you loaded it (parley did not do it) — approve anyway?" <<< "$asked"
check "the reply asks: $asked" grep -qF "The comment you reply to was moved to the trash on the site (parley did not do it) — post the reply anyway?" <<< "$asked"
check "the pending comment stays in the trash" [ "$(status_of "$pending")" = "trash" ]
check "no reply under it" [ "$(replies_to "$pending")" = "0" ]

quit_parley
finish
