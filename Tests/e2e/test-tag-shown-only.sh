#!/usr/bin/env bash
# Tagging keys tag what is shown (issue 27): the first comment's author also has a comment
# in Spam (marked so by the script: the seed's spam is the spammers'), which the list does not show. T tags the author's comments shown and says how
# many more are hidden, and where; `u y` sends those back to moderation, and the spam one
# stays in Spam (it used to be tagged too, and a bulk action undid the spam decision).
# Against parley-mock-server over HTTP, seed 3.
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" --mock-size 60 --seed 3 || finish
SITE="http://127.0.0.1:$MOCK_PORT/site-1"
export PARLEY_APP_PASSWORD="abcd efgh"
E2E_ENV="PARLEY_APP_PASSWORD='abcd efgh'"
c() { XDG_STATE_HOME="$E2E_STATE" XDG_CONFIG_HOME="$E2E_STATE/none" "$PARLEY_BIN" comment "$@" --site "$SITE" --user editor 2>&1; }

# The seed's spam comes from spammers (issue 30): another comment of the newest comment's
# author is marked spam here, as another moderator would, before parley starts.
# (The list's first row: the newest thread's first comment.)
first=$(c list --type comment --format csv --fields id,parent | awk -F, 'NR > 1 && $2 == 0 { print $1; exit }')
author=$(c get "$first" --field author_name)
other=$(c list --type comment --format csv --fields id,author_name | grep -F ",$author" | cut -d, -f1 | grep -vx "$first" | head -n 1)
[ -n "$other" ] || { fail "the seed gives $author another comment"; finish; }
c spam "$other" >/dev/null
spam=$(c list --status spam --format csv --fields id,author_name | grep -F ",$author" | cut -d, -f1 | tr '\n' ' ')
[ -n "$spam" ] || { fail "$author has a comment in Spam"; finish; }
start 132 40 --site "$SITE" --user editor
wait_loaded 20 || finish
# The pings may load first and take the top: down to the author's comment.
for _ in $(seq 1 60); do shows_id "comment #$first" && break; keys j; sleep 0.1; done
wait_for_id "comment #$first" 5 || finish
keys T
wait_for "hidden by the filters" 5 || finish
joined() { tmuxc capture-pane -p -J -t "$E2E_SESSION" | tr -s ' \n' ' '; }
check "the hint says where the hidden ones are and which key tags them: $(joined | grep -oE 'Tagged.*')" \
  bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -J -t '$E2E_SESSION' | tr -s ' \n' ' ' | grep -qE 'more in Spam (is|are) hidden by the filters.* — T again tags them too'"
keys u
wait_for "tagged comment" 5 || finish
keys y
wait_for "done" 15 || finish
keys q
wait_for "EXIT:0" 5
check "the author's comment shown is pending now" [ "$(c get "$first" --field status)" = "hold" ]
for id in $spam; do
  check "the author's comment $id stayed in Spam" [ "$(c get "$id" --field status)" = "spam" ]
done
finish
