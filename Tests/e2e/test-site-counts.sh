#!/usr/bin/env bash
# The header's pending badge against parley-mock-server over HTTP, on a site of 1000
# comments (ten pages): before the site is loaded, the badge says what the site has pending,
# the same number `parley comment count` reads; an approval moves it at once, and the site
# agrees after.
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" --mock-size 1000 || finish
notes_config

# pending_on_server: the site's pending total, as `parley comment count --format json` reads it.
pending_on_server() {
  env XDG_STATE_HOME="$E2E_STATE" XDG_CONFIG_HOME="$E2E_STATE/none" "$PARLEY_BIN" comment count --format json --config "$config" \
    | grep -oE '"hold": *[0-9]+' | grep -oE '[0-9]+$'
}

pending=$(pending_on_server)
[ -n "$pending" ] && [ "$pending" -gt 0 ] || { fail "the site has pending comments: got “$pending”"; finish; }

start 100 30 --config "$config"
wait_for " $pending pending " 15 || finish
header=$(screen | head -n 1)
# Not all loaded: nothing yet ("loading…", while a replica is read), or some of it.
echo "$header" | grep -qE ' of [0-9,]+|loading…' || fail "the site is not all loaded yet when the badge shows: $header"
loaded_pending=$(screen | grep -cE '^ P ')
[ "$loaded_pending" -lt "$pending" ] || fail "the badge counts more than the screen shows ($loaded_pending on screen, $pending on the site)"

# Only the pending comments, then approve the first: the badge follows at once.
keys f j Space f  # the panel opens on Status, the cursor on Approved: j is Pending
wait_for "FILTERED" 5 || finish
keys a
wait_for " $((pending - 1)) pending " 10 || finish
wait_for "Comment approved." 10 || finish
after=$(pending_on_server)
[ "$after" = "$((pending - 1))" ] || fail "the site has $after pending after the approval, expected $((pending - 1))"
screen | head -n 1 | grep -qF " $after pending " || fail "the badge agrees with the site"
keys q
wait_for "EXIT:0" 5
finish
