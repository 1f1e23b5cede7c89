#!/usr/bin/env bash
# Against the real WordPress: parley lists the site, the search filter narrows the list to a
# comment of this scenario, a (approve) moderates it, r posts a reply, d trashes it and z
# undoes the trash. Each step is checked on WordPress itself through its REST API; the
# comments this scenario made are deleted at the end.
# Environment (from Tests/wordpress/run.sh): WP_BASE_URL, WP_POST_ID, WP_USER, WP_APP_PASSWORD, PARLEY_BIN.
. "$(dirname "$0")/../e2e/lib.sh"
: "${WP_BASE_URL:?}" "${WP_POST_ID:?}" "${WP_USER:?}" "${WP_APP_PASSWORD:?}"

token="parleywp$$x$RANDOM"
# wp METHOD ROUTE [curl args…]: the REST API as the administrator (?rest_route= works with any permalinks).
wp() { local method=$1 route=$2; shift 2; curl -s -X "$method" -u "$WP_USER:$WP_APP_PASSWORD" "$WP_BASE_URL/?rest_route=$route" "$@"; }
# json EXPR: evaluates EXPR on the JSON read from stdin (d is the document).
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
status_of() { wp GET "/wp/v2/comments/$1&context=edit" | json "d.get('status', 'missing')"; }
# eventually ID STATUS: WordPress has the comment in STATUS within 10 s.
eventually() {
  local deadline=$(( $(date +%s) + 10 )) now=""
  while [ "$(date +%s)" -lt "$deadline" ]; do
    now=$(status_of "$1"); [ "$now" = "$2" ] && return 0; sleep 0.2
  done
  fail "comment $1 is $now on WordPress, expected $2"; return 1
}
cleanup() {
  for id in $(wp GET "/wp/v2/comments&search=$token&status=all&context=edit&per_page=100" | json "' '.join(str(c['id']) for c in d)"); do
    wp DELETE "/wp/v2/comments/$id&force=true" > /dev/null
  done
  for id in $(wp GET "/wp/v2/comments&search=$token&status=trash&context=edit&per_page=100" | json "' '.join(str(c['id']) for c in d)"); do
    wp DELETE "/wp/v2/comments/$id&force=true" > /dev/null
  done
}
trap 'cleanup; tmuxc kill-server 2>/dev/null || true; rm -rf "$E2E_STATE"' EXIT

held=$(wp POST /wp/v2/comments -H 'Content-Type: application/json' \
  -d "{\"post\": $WP_POST_ID, \"content\": \"Held for $token\", \"status\": \"hold\"}" | json "d['id']")
[ -n "$held" ] || { echo "could not create the scenario's comment on WordPress"; exit 1; }
check "the new comment is held" eventually "$held" hold

E2E_ENV="PARLEY_APP_PASSWORD='$WP_APP_PASSWORD'" start 132 40 --site "$WP_BASE_URL" --user "$WP_USER"
wait_for "shown of" 20 || finish
wait_for "Held for $token" 15 || finish

# The search filter: only this scenario's comment is left.
keys /
type_text "$token"
keys Enter
wait_for "1 shown of" 10 || finish
wait_for "comment #$held" 10 || finish

keys a
check "approved on WordPress" eventually "$held" approved

keys r
wait_for "Reply to" || finish
type_text "Reply from parley $token"
keys C-s
wait_for "Reply posted." 15 || finish
reply=$(wp GET "/wp/v2/comments&search=Reply%20from%20parley%20$token&context=edit" | json "d[0]['id'] if d and d[0]['parent'] == $held else ''")
check "the reply is on WordPress under the comment" test -n "$reply"

# Back on the comment (the reply sorts under it), trash it, then undo.
wait_for "2 shown of" 10 || finish
keys g
wait_for "comment #$held" 10 || finish
keys d
check "trashed on WordPress" eventually "$held" trash
# WordPress may have trashed it before parley has its answer (PHP's built-in server answers
# 7.1 slowly on a loaded machine): `z` undoes a write once it is over.
wait_for "z to undo" 10 || finish
keys z
check "the trash undone on WordPress" eventually "$held" approved

keys q
wait_for "EXIT:0" 10
finish
