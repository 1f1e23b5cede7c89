# Shared by the scenarios of issue 27 against a real WordPress (sourced, not run: run.sh runs
# test-*.sh only): e2e's lib.sh (the real binary in tmux), and WordPress itself through curl,
# as another moderator in wp-admin would change it.
#
# Environment (from Tests/wordpress/run.sh, or a peer's env file): WP_BASE_URL, WP_POST_ID,
# WP_USER, WP_APP_PASSWORD, PARLEY_BIN. The site may be shared: a scenario writes only
# comments of its own (their text holds $token) and deletes them when it ends.
. "$(dirname "${BASH_SOURCE[0]}")/../e2e/lib.sh"
: "${WP_BASE_URL:?}" "${WP_POST_ID:?}" "${WP_USER:?}" "${WP_APP_PASSWORD:?}"

token="parley$(basename "$0" .sh | tr -dc 'a-z' | cut -c6-20)$$y$RANDOM"

# wp METHOD ROUTE [curl args…]: the REST API as the administrator (?rest_route= works with any permalinks).
wp() { local method=$1 route=$2; shift 2; curl -s -X "$method" -u "$WP_USER:$WP_APP_PASSWORD" "$WP_BASE_URL/?rest_route=$route" "$@"; }
# json EXPR: evaluates EXPR on the JSON read from stdin (d is the document).
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
# status_of ID: the comment's status on WordPress, "missing" once deleted.
status_of() { wp GET "/wp/v2/comments/$1&context=edit" | json "d.get('status', 'missing')"; }
# set_status ID STATUS: another moderator moderates (approved, hold, spam, trash; untrash).
set_status() { wp POST "/wp/v2/comments/$1" -H 'Content-Type: application/json' -d "{\"status\": \"$2\"}" > /dev/null; }
# set_text ID TEXT: another moderator edits the comment.
set_text() { wp POST "/wp/v2/comments/$1" -H 'Content-Type: application/json' -d "{\"content\": \"$2\"}" > /dev/null; }
# create TEXT STATUS [PARENT]: a comment of this scenario (TEXT then the token); prints its id.
create() {
  wp POST /wp/v2/comments -H 'Content-Type: application/json' \
    -d "{\"post\": $WP_POST_ID, \"parent\": ${3:-0}, \"content\": \"$1 $token\", \"status\": \"$2\"}" | json "d.get('id', '')"
}
# total STATUS: how many comments and pings WordPress holds in STATUS (hold, approve, spam,
# trash), as wp-admin counts them: X-WP-Total of type=comment plus type=pings (notes aside).
total() {
  local sum=0 type n
  for type in comment pings; do
    n=$(curl -s -o /dev/null -D - -u "$WP_USER:$WP_APP_PASSWORD" \
          "$WP_BASE_URL/?rest_route=/wp/v2/comments&status=$1&type=$type&context=edit&per_page=1" \
        | tr -d '\r' | grep -i '^x-wp-total:' | grep -oE '[0-9]+')
    sum=$((sum + ${n:-0}))
  done
  echo "$sum"
}
# eventually ID STATUS: WordPress has the comment in STATUS within 10 s.
eventually() {
  local deadline=$(( $(date +%s) + 10 )) now=""
  while [ "$(date +%s)" -lt "$deadline" ]; do
    now=$(status_of "$1"); [ "$now" = "$2" ] && return 0; sleep 0.2
  done
  fail "comment $1 is $now on WordPress, expected $2"; return 1
}
# cleanup: deletes every comment of this scenario, whatever its status.
cleanup() {
  for status in all spam trash; do
    for id in $(wp GET "/wp/v2/comments&search=$token&status=$status&context=edit&per_page=100" | json "' '.join(str(c['id']) for c in d)"); do
      wp DELETE "/wp/v2/comments/$id&force=true" > /dev/null
    done
  done
}
trap 'cleanup; tmuxc kill-server 2>/dev/null || true; rm -rf "$E2E_STATE"' EXIT

# start_parley [args…]: parley on the site as the administrator.
start_parley() { E2E_ENV="PARLEY_APP_PASSWORD='$WP_APP_PASSWORD'" start 132 40 --site "$WP_BASE_URL" --user "$WP_USER" "$@"; }

# show_every_status: the filter panel's four statuses on, so a comment stays listed whatever
# its status (the panel opens on Status, its cursor on Approved).
show_every_status() {
  keys f
  wait_for "[ ] Trash" 5 || return 1
  keys Space j Space j Space j Space
  wait_for "Status (4 on)" 5 || return 1
  keys f
  wait_gone " Filters " 5
}

# find_comment TEXT ID: the search (a new one: Ctrl-U clears the last) narrows the list to
# the comment TEXT finds, and the detail pane shows comment ID; the site's answer to the
# search is in (it brings the status the site has then). The filters stay.
find_comment() {
  keys / C-u
  type_text "$1"
  keys Enter
  wait_for_id "comment #$2" 10 || return 1
  wait_gone "searching the site…" 10
}

# quit_parley: q, and q again when parley says what the first would leave behind (a reply
# kept as a draft, say); it exits 0.
quit_parley() {
  keys q
  local deadline=$(( $(date +%s) + 5 ))
  while [ "$(date +%s)" -lt "$deadline" ]; do screen | grep -qF "EXIT:" && break; sleep 0.1; done
  screen | grep -qF "EXIT:" || keys q
  wait_for "EXIT:0" 10
}
