#!/usr/bin/env bash
# Check, then act (issue 27) against the real WordPress: after parley loaded a comment,
# another moderator (curl, as wp-admin would) marks it spam; `a` writes nothing and asks
# with a question that names the change, WordPress keeping the spam until `y`. Then a
# comment in the trash restored outside: `D` asks again naming its status, and `n` leaves it
# on WordPress. The check's requests (`_fields`, `include=` with `status=any`) are WordPress's.
# Environment (from Tests/wordpress/run.sh): WP_BASE_URL, WP_POST_ID, WP_USER, WP_APP_PASSWORD, PARLEY_BIN.
. "$(dirname "$0")/../e2e/lib.sh"
: "${WP_BASE_URL:?}" "${WP_POST_ID:?}" "${WP_USER:?}" "${WP_APP_PASSWORD:?}"

token="parleycheck$$y$RANDOM"
wp() { local method=$1 route=$2; shift 2; curl -s -X "$method" -u "$WP_USER:$WP_APP_PASSWORD" "$WP_BASE_URL/?rest_route=$route" "$@"; }
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
status_of() { wp GET "/wp/v2/comments/$1&context=edit" | json "d.get('status', 'missing')"; }
set_status() { wp POST "/wp/v2/comments/$1" -H 'Content-Type: application/json' -d "{\"status\": \"$2\"}" > /dev/null; }
create() {
  wp POST /wp/v2/comments -H 'Content-Type: application/json' \
    -d "{\"post\": $WP_POST_ID, \"content\": \"$1 $token\", \"status\": \"$2\"}" | json "d['id']"
}
cleanup() {
  for status in all spam trash; do
    for id in $(wp GET "/wp/v2/comments&search=$token&status=$status&context=edit&per_page=100" | json "' '.join(str(c['id']) for c in d)"); do
      wp DELETE "/wp/v2/comments/$id&force=true" > /dev/null
    done
  done
}
trap 'cleanup; tmuxc kill-server 2>/dev/null || true; rm -rf "$E2E_STATE"' EXIT

live=$(create "Checked first" approved)
trashed=$(create "Restored elsewhere" approved)
[ -n "$live" ] && [ -n "$trashed" ] || { echo "could not create the scenario's comments on WordPress"; exit 1; }
set_status "$trashed" trash

E2E_ENV="PARLEY_APP_PASSWORD='$WP_APP_PASSWORD'" start 132 40 --site "$WP_BASE_URL" --user "$WP_USER"
wait_for "shown of" 20 || finish
keys /
type_text "Checked first $token"
keys Enter
wait_for "1 shown of" 10 || finish
wait_for "comment #$live" 10 || finish

set_status "$live" spam
keys a
wait_for "Marked as spam on the site since you loaded it" 15 || finish
wait_for "approve anyway?" 5 || finish
[ "$(status_of "$live")" = "spam" ] || fail "nothing written over the spam (WordPress: $(status_of "$live"))"
keys y
wait_for "Comment approved" 15 || finish
[ "$(status_of "$live")" = "approved" ] || fail "y approved it (WordPress: $(status_of "$live"))"

keys q
wait_for "EXIT:0" 10

# The command line: a comment listed in the trash, restored elsewhere before `delete --force`,
# is refused with its status (read in one `include=` list, `status=any`); back in the trash,
# it is deleted.
cli() { env XDG_STATE_HOME="$E2E_STATE" PARLEY_APP_PASSWORD="$WP_APP_PASSWORD" "$PARLEY_BIN" comment "$@" --site "$WP_BASE_URL" --user "$WP_USER"; }
set_status "$trashed" untrash
[ "$(status_of "$trashed")" = "approved" ] || fail "the comment was restored elsewhere (WordPress: $(status_of "$trashed"))"
if cli delete "$trashed" --force > "$E2E_STATE/delete.out" 2> "$E2E_STATE/delete.err"; then
  fail "delete --force of a live comment failed: $(cat "$E2E_STATE/delete.out")"
fi
grep -q "Could not delete comment $trashed: it is approved on the site" "$E2E_STATE/delete.err" \
  || fail "the refusal names the status: $(cat "$E2E_STATE/delete.err")"
[ "$(status_of "$trashed")" = "approved" ] || fail "the live comment is still on WordPress"
set_status "$trashed" trash
cli delete "$trashed" --force > "$E2E_STATE/delete.out" 2> "$E2E_STATE/delete.err" \
  || fail "delete --force of a trashed comment: $(cat "$E2E_STATE/delete.err")"
[ "$(status_of "$trashed")" = "missing" ] || fail "deleted for good (WordPress: $(status_of "$trashed"))"
finish
