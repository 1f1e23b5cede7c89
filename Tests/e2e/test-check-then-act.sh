#!/usr/bin/env bash
# Check, then act (issue 27), against parley-mock-server over HTTP: another moderator (curl,
# as wp-admin would) marks the comment under the cursor as spam after parley loaded it; `a`
# writes nothing and asks with a question that names the change; the site keeps the spam
# until `y`, which approves it over the change.
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" --mock-size 12 || finish
notes_config

api="http://127.0.0.1:$MOCK_PORT/site-1/wp-json/wp/v2/comments"
# site_status ID: the comment's status as the site has it.
site_status() {
  curl -s -u "editor:abcd efgh" "$api/$1?context=edit&_fields=status" | grep -oE '"status":"[a-z]+"' | cut -d'"' -f4
}

start 132 40 --config "$config"
wait_for " shown" 15 || finish
wait_for "comment #" 5 || finish
id=$(line_with "comment #" | grep -oE 'comment #[0-9]+' | grep -oE '[0-9]+$')
[ -n "$id" ] || { fail "the detail pane shows a comment"; finish; }

# Someone else marks it spam, with a request of their own.
curl -s -o /dev/null -u "editor:abcd efgh" -H 'Content-Type: application/json' -d '{"status":"spam"}' "$api/$id"
[ "$(site_status "$id")" = "spam" ] || fail "the other moderator's spam reached the site"

keys a
wait_for "Marked as spam on the site since you loaded it" 10 || finish
wait_for "approve anyway?" 5 || finish
[ "$(site_status "$id")" = "spam" ] || fail "nothing was written over the other moderator's spam (site: $(site_status "$id"))"

keys y
wait_for "Comment approved" 10 || finish
[ "$(site_status "$id")" = "approved" ] || fail "y approved it over the change (site: $(site_status "$id"))"
keys q
wait_for "EXIT:0" 5
finish
