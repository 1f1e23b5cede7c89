#!/usr/bin/env bash
# A revoked application password with a local replica (issue 27) against the real WordPress:
# parley runs once with an application password of its own (the replica keeps the site);
# then another administrator deletes one of this scenario's comments for good and revokes
# that password (curl, as wp-admin's profile page would). The next start, from the replica,
# says "Not logged in" at once, and the deleted comment is not shown as if it were current.
. "$(dirname "$0")/lib.sh"

kept=$(create "Revoked kept" approved)
gone=$(create "Revoked gone" approved)
[ -n "$kept" ] && [ -n "$gone" ] || { echo "could not create the scenario's comments on WordPress"; exit 1; }
created=$(wp POST /wp/v2/users/me/application-passwords -H 'Content-Type: application/json' -d "{\"name\": \"$token\"}")
password=$(echo "$created" | json "d.get('password', '')")
uuid=$(echo "$created" | json "d.get('uuid', '')")
[ -n "$password" ] && [ -n "$uuid" ] || { echo "could not create an application password: $created"; exit 1; }
revoke() { wp DELETE "/wp/v2/users/me/application-passwords/$uuid" > /dev/null; }
trap 'revoke; cleanup; tmuxc kill-server 2>/dev/null || true; rm -rf "$E2E_STATE"' EXIT

E2E_ENV="PARLEY_APP_PASSWORD='$password'" start 132 40 --site "$WP_BASE_URL" --user "$WP_USER"
wait_for "shown of" 20 || finish
find_comment "Revoked gone $token" "$gone" || finish
quit_parley
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null

wp DELETE "/wp/v2/comments/$gone&force=true" > /dev/null
revoke
[ "$(status_of "$gone")" = "missing" ] || fail "the comment was deleted on WordPress"

E2E_ENV="PARLEY_APP_PASSWORD='$password'" start 132 40 --site "$WP_BASE_URL" --user "$WP_USER"
wait_for "Not logged in" 20 || finish
wait_for "The site did not accept the user name and application password" 5
keys / C-u
type_text "$token"
keys Enter
wait_for_id "comment #$kept" 15
wait_gone "Revoked gone" 15 || fail "the comment deleted on the site is not shown as current"
quit_parley
finish
