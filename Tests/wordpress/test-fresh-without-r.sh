#!/usr/bin/env bash
# Fresh without R (issue 27) against the real WordPress: after parley loaded four comments of
# this scenario, another moderator (curl, as wp-admin would) approves the pending one, marks
# one spam, edits one and deletes one for good. Without R, within a poll (every 5 s here; the
# refresh at 120 requests a minute, sweep_budget), the rows show what changed, marked `!`
# ("changed on the site: now spam"), the deleted one leaves the list, and the pending badge
# and the Status counts equal WordPress's.
. "$(dirname "$0")/lib.sh"

held=$(create "Fresh held" hold)
spammed=$(create "Fresh spammed" approved)
edited=$(create "Fresh edited" approved)
deleted=$(create "Fresh deleted" approved)
[ -n "$held" ] && [ -n "$spammed" ] && [ -n "$edited" ] && [ -n "$deleted" ] \
  || { echo "could not create the scenario's comments on WordPress"; exit 1; }
printf 'sweep_budget = 120\n' > "$E2E_STATE/config.toml"

start_parley --poll-interval 5 --config "$E2E_STATE/config.toml"
wait_for "shown of" 20 || finish
show_every_status || finish
keys / C-u
type_text "$token"
keys Enter
wait_for " 4 shown of" 10 || finish
wait_gone "searching the site…" 10

set_status "$held" approved
set_status "$spammed" spam
set_text "$edited" "Fresh edited elsewhere $token"
wp DELETE "/wp/v2/comments/$deleted&force=true" > /dev/null
changed=$(date +%s%N)

# Within a poll and the refresh after it, no R: the rows, the list, the counts.
wait_for " 3 shown" 15 || fail "the deleted comment left the list"
wait_for "changed on the site: now approved" 15 || fail "the approved row is marked"
wait_for "changed on the site: now spam" 15 || fail "the spammed row is marked"
wait_for "changed on the site: text edited" 15 || fail "the edited row is marked"
wait_for "Fresh edited elsewhere" 5 || fail "the edited row shows the new text"
echo "  seen $(( ($(date +%s%N) - changed) / 1000000 )) ms after the changes (polls every 5 s)"
# The site may be shared (another client's comments come and go): equal within a poll or two.
deadline=$(( $(date +%s) + 12 ))
until pending=$(total hold); screen | head -n 1 | grep -qF " $pending pending " || [ "$(date +%s)" -ge "$deadline" ]; do sleep 0.5; done
check "the pending badge is WordPress's $pending: $(screen | head -n 1)" bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | head -n 1 | grep -qF ' $pending pending '"
# The Status counts of the whole site: the search cleared, the four statuses still on.
keys / C-u Enter
wait_gone "Search: " 5
keys f
wait_for "Status (4 on)" 5 || finish
# shown STATUS: the count the panel shows for STATUS (Approved, Pending, Spam, Trash).
shown() { screen | grep -E "\[x\] $1 " | head -n 1 | grep -oE '[0-9]+ *│' | grep -oE '[0-9]+'; }
# The site may be shared (another client's comments come and go): equal within a poll or two.
deadline=$(( $(date +%s) + 12 ))
while :; do
  differ=""
  for pair in Approved:approve Pending:hold Spam:spam Trash:trash; do
    expected=$(total "${pair#*:}")
    [ "$(shown "${pair%%:*}")" = "$expected" ] || differ="$differ ${pair%%:*}: shows $(shown "${pair%%:*}"), WordPress has $expected;"
  done
  [ -z "$differ" ] || [ "$(date +%s)" -ge "$deadline" ] && break
  sleep 0.5
done
check "the Status counts are WordPress's:$differ" [ -z "$differ" ]
keys f
quit_parley
finish
