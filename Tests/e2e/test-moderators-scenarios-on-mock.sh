#!/usr/bin/env bash
# The real-WordPress scenarios of issue 27 (Tests/wordpress/test-*.sh: check-then-act, undo,
# edits, replies to gone comments, fresh without R), each change made outside parley through
# the REST API, run here against parley-mock-server: the same scripts, the same checks, with
# no WordPress to install. (The revoked application password needs WordPress's own
# application-password routes: it runs against WordPress only.)
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
start_mock_server --user admin --password "abcd efgh" --mock-size 20 || finish
post=$(curl -s -u "admin:abcd efgh" "http://127.0.0.1:$MOCK_PORT/site-1/?rest_route=/wp/v2/comments&per_page=1&_fields=post" \
  | grep -oE '"post":[0-9]+' | grep -oE '[0-9]+')
[ -n "$post" ] || { fail "the mock lists a comment and its post"; finish; }
for scenario in check-then-act undo-own-change-only edit-newer-text reply-to-gone-parent fresh-without-r; do
  if ! WP_BASE_URL="http://127.0.0.1:$MOCK_PORT/site-1" WP_POST_ID="$post" WP_USER=admin WP_APP_PASSWORD="abcd efgh" \
       bash "$here/../wordpress/test-$scenario.sh"; then
    fail "test-$scenario.sh against parley-mock-server"
  fi
done
finish
