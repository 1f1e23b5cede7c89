#!/usr/bin/env bash
# Tagging keys tag what is shown (issue 27): the first comment's author also has a comment
# in Spam, which the list does not show. T tags the author's comments shown and says how
# many more are hidden, and where; `u y` sends those back to moderation, and the spam one
# stays in Spam (it used to be tagged too, and a bulk action undid the spam decision).
# Against parley-mock-server over HTTP, seed 3.
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" --mock-size 60 --seed 3 || finish
SITE="http://127.0.0.1:$MOCK_PORT/site-1"
export PARLEY_APP_PASSWORD="abcd efgh"
E2E_ENV="PARLEY_APP_PASSWORD='abcd efgh'"
c() { XDG_STATE_HOME="$E2E_STATE" XDG_CONFIG_HOME="$E2E_STATE/none" "$PARLEY_BIN" comment "$@" --site "$SITE" --user editor 2>&1; }

start 132 40 --site "$SITE" --user editor
wait_for "comment #" 15 || finish
# Comments and pings load as two lists, either first: the newest comment, below the pings,
# once both are in.
wait_loaded && at_top && past_pings || finish
first=$(line_with "comment #" | grep -oE 'comment #[0-9]+' | grep -oE '[0-9]+')
author=$(c get "$first" --field author_name)
spam=$(c list --status spam --format csv --fields id,author_name | grep -F ",$author" | cut -d, -f1 | tr '\n' ' ')
[ -n "$spam" ] || { fail "the seed gives $author a comment in Spam"; finish; }
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
