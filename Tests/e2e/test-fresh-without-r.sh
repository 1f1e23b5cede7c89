#!/usr/bin/env bash
# Fresh without R (issue 27) against parley-mock-server over HTTP: another moderator (curl,
# as wp-admin would) approves a pending comment and deletes an approved one for good.
# parley polls every 3 s and, without R, shows the approved row marked "changed on the site:
# now approved", drops the deleted one from the list, and its pending badge equals the
# site's after the poll.
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" --mock-size 12 || finish
notes_config
api="http://127.0.0.1:$MOCK_PORT/site-1/wp-json/wp/v2/comments"

# as_other_moderator ARGS…: curl with the editor's application password, as another client.
as_other_moderator() { curl -s -u "editor:abcd efgh" "$@"; }
# first_id STATUS: the id of the newest comment of STATUS on the site.
first_id() { as_other_moderator "$api?status=$1&context=edit&per_page=1&_fields=id" | grep -oE '[0-9]+' | head -n 1; }
# pending_on_server: the site's pending total, as `parley comment count --format json` reads it.
pending_on_server() {
  env XDG_STATE_HOME="$E2E_STATE" XDG_CONFIG_HOME="$E2E_STATE/none" "$PARLEY_BIN" comment count --format json --config "$config" \
    | grep -oE '"hold": *[0-9]+' | grep -oE '[0-9]+$'
}
# loaded: how many comments the header says are loaded ("9 shown of 12": 12; "9 shown · 11
# of 12 loaded": 11, the site's total being the one its first page said).
loaded() { screen | head -n 1 | grep -oE '[0-9]+ of [0-9]+ loaded|shown of [0-9]+' | grep -oE '[0-9]+' | head -n 1; }

pending=$(pending_on_server)
held=$(first_id hold)
approved=$(first_id approve)
[ -n "$pending" ] && [ "$pending" -gt 0 ] && [ -n "$held" ] && [ -n "$approved" ] \
  || { fail "the site has a pending and an approved comment: pending=$pending held=$held approved=$approved"; finish; }

start 132 40 --config "$config" --poll-interval 3
wait_for " $pending pending " 15 || finish
# 12 comments and the seed's 2 pings, each list loaded (the pings' may come second).
wait_for "shown of 14" 15 || finish
before=$(loaded)
[ -n "$before" ] || { fail "the header says how many are loaded: $(screen | head -n 1)"; finish; }

# Another moderator: the pending comment approved, the approved one deleted for good.
as_other_moderator -X POST -H 'Content-Type: application/json' -d '{"status":"approved"}' "$api/$held" > /dev/null
as_other_moderator -X DELETE "$api/$approved?force=true" > /dev/null
after_pending=$(pending_on_server)
[ "$after_pending" = "$((pending - 1))" ] || fail "the site has one pending comment less: $after_pending"

# Within a poll or two, no R pressed: the badge, the row, the list.
wait_for " $after_pending pending " 20 || fail "the badge equals the site's after a poll: $(screen | head -n 1)"
wait_for "changed on the site: now approved" 20 || fail "the approved row is marked: $(screen)"
screen | grep -E '^!' | grep -qF "changed on the site: now approved" || fail "the mark heads the row: $(screen)"
deadline=$(( $(date +%s) + 30 ))
while [ "$(loaded)" = "$before" ] && [ "$(date +%s)" -lt "$deadline" ]; do sleep 0.2; done
[ "$(loaded)" = "$((before - 1))" ] || fail "the deleted comment left the list: $(screen | head -n 1) (was $before)"

keys q
wait_for "EXIT:0" 5
finish
