#!/usr/bin/env bash
# Check, then act (issue 27) against the real WordPress, each change made outside parley with
# curl (as wp-admin would) after parley loaded the comment:
#   - marked spam: `a` writes nothing and asks with a question that names the change,
#     WordPress keeping the spam until `y`;
#   - in the trash, restored: `D` `y` asks again naming its status on the site, and `n`
#     leaves it live on WordPress ("D deleted a live comment for good");
#   - in the trash, restored: `d` does not answer "already in the trash" from parley's copy:
#     it asks, and `y` trashes it ("d on a comment restored outside");
#   - the command line: `delete --force` of a comment listed in the trash, restored since,
#     is refused with its status (read in one `include=` list, `status=any`).
# The check's requests (`_fields`, `include=` with `status=any`) are WordPress's. parley does
# not poll here (--poll-interval 0): the refresh would otherwise show the change before the
# key (test-fresh-without-r.sh), and the key must meet a copy the site no longer has.
. "$(dirname "$0")/lib.sh"

live=$(create "Checked first" approved)
trashed=$(create "Restored elsewhere" approved)
deleted=$(create "Delete asked again" approved)
retrashed=$(create "Trash asked again" approved)
[ -n "$live" ] && [ -n "$trashed" ] && [ -n "$deleted" ] && [ -n "$retrashed" ] \
  || { echo "could not create the scenario's comments on WordPress"; exit 1; }
for id in "$trashed" "$deleted" "$retrashed"; do set_status "$id" trash; done

start_parley --poll-interval 0
wait_for "shown of" 20 || finish
show_every_status || finish
find_comment "Checked first $token" "$live" || finish

set_status "$live" spam
keys a
wait_for "Marked as spam on the site since you loaded it" 15 || finish
wait_for "approve anyway?" 5 || finish
[ "$(status_of "$live")" = "spam" ] || fail "nothing written over the spam (WordPress: $(status_of "$live"))"
keys y
wait_for "Comment approved" 15 || finish
[ "$(status_of "$live")" = "approved" ] || fail "y approved it (WordPress: $(status_of "$live"))"

# D on a comment parley lists in the trash, restored elsewhere since.
find_comment "Delete asked again $token" "$deleted" || finish
wait_for "UTC · Trash" 5 || finish
set_status "$deleted" approved
keys D
wait_for "permanently? It cannot be undone." 5 || finish
keys y
wait_for "Restored and approved on the site since you loaded it (parley did not do it) — delete it for good anyway?" 15 || finish
[ "$(status_of "$deleted")" = "approved" ] || fail "nothing deleted (WordPress: $(status_of "$deleted"))"
keys n
wait_for "Left as the site has it." 5
wait_for "UTC · Approved" 5
[ "$(status_of "$deleted")" = "approved" ] || fail "n leaves it live (WordPress: $(status_of "$deleted"))"

# d on a comment parley lists in the trash, restored elsewhere since.
find_comment "Trash asked again $token" "$retrashed" || finish
wait_for "UTC · Trash" 5 || finish
set_status "$retrashed" approved
keys d
wait_for "Restored and approved on the site since you loaded it (parley did not do it) — trash anyway?" 15 || finish
[ "$(status_of "$retrashed")" = "approved" ] || fail "nothing trashed before the answer (WordPress: $(status_of "$retrashed"))"
keys y
check "y trashes it" eventually "$retrashed" trash

quit_parley

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
