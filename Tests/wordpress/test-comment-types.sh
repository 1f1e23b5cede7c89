#!/usr/bin/env bash
# Comment types (issue 28) against a real WordPress: pings are listed, counted and moderated
# as wp-admin has them, and the block editor's notes (WordPress 6.9 and later) are left alone.
#
# The scenario adds its own approved pingback and held trackback (and, from 6.9 on, a held
# note and a note in the trash), then checks:
# - `parley comment count` and the screen's pending badge and Status counts equal
#   wp_count_comments() — what wp-admin's Comments screen and menu badge show;
# - the Type group lists the pings (`pingback from …` rows), `--type` lists them on the
#   command line, and `approve` / `spam` of a ping reach WordPress;
# - from 6.9 on: no list shows a note; every write of the command line on a note's id exits
#   1 with "#ID is an editorial note, not a comment: parley leaves notes to the block editor"
#   and leaves the note as it was; Empty Trash with only notes in the trash deletes nothing.
#   On an older WordPress (Debian's 6.1) there are no notes: those checks are skipped.
# wp-admin's numbers come from WordPress itself (`php` loading the site's wp-load.php: the tree
# is $WP_PATH, else the tree of the project's installers or the shared peer whose home_url()
# is $WP_BASE_URL), so run it as root.
# Environment (from Tests/wordpress/run.sh): WP_BASE_URL, WP_POST_ID, WP_USER, WP_APP_PASSWORD,
# PARLEY_BIN; optionally WP_PATH.
. "$(dirname "$0")/../e2e/lib.sh"
: "${WP_BASE_URL:?}" "${WP_POST_ID:?}" "${WP_USER:?}" "${WP_APP_PASSWORD:?}"

token="parleytypes$$t$RANDOM"
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
cli() {
  env XDG_STATE_HOME="$E2E_STATE" PARLEY_APP_PASSWORD="$WP_APP_PASSWORD" "$PARLEY_BIN" comment "$@" --site "$WP_BASE_URL" --user "$WP_USER"
}

# PHP inside the site's WordPress; prints what the code echoes (its last line).
php_wp() {
  WP_LOAD="$WP_PATH/wp-load.php" php -d display_errors=stderr -r '
    $_SERVER["HTTP_HOST"] = "127.0.0.1"; $_SERVER["REQUEST_METHOD"] = "GET";
    define("WP_USE_THEMES", false); require getenv("WP_LOAD"); echo "\n";
    '"$1" 2>/dev/null | tail -n 1
}
if [ -z "${WP_PATH:-}" ]; then
  for candidate in "${WP_STATE_DIR:-/nonexistent}/wordpress" "${WP71_STATE_DIR:-/tmp/parley-wordpress-7.1}/wordpress" \
                   "${WP71_DIR:-/tmp/wp71}/wordpress" /usr/share/wordpress; do
    [ -f "$candidate/wp-load.php" ] || continue
    [ "$(WP_PATH=$candidate php_wp 'echo home_url();')" = "$WP_BASE_URL" ] && { WP_PATH=$candidate; break; }
  done
fi
[ -n "${WP_PATH:-}" ] || { echo "cannot find the WordPress tree of $WP_BASE_URL: set WP_PATH"; exit 1; }
version=$(php_wp 'echo get_bloginfo("version");')
notes=$(php_wp 'echo version_compare(get_bloginfo("version"), "6.9", ">=") ? "yes" : "no";')
echo "  WordPress $version at $WP_BASE_URL ($WP_PATH); notes: $notes"

# add TYPE APPROVED AUTHOR URL MINUTES-AGO TEXT: a comment of TYPE on the post; prints its id.
add() {
  php_wp "\$id = wp_insert_comment(array('comment_post_ID' => $WP_POST_ID, 'comment_type' => '$1',
    'comment_approved' => '$2', 'comment_author' => '$3', 'comment_author_url' => '$4',
    'comment_date_gmt' => gmdate('Y-m-d H:i:s', time() - 60 * $5), 'comment_date' => get_date_from_gmt(gmdate('Y-m-d H:i:s', time() - 60 * $5)),
    'comment_content' => '$6 $token', 'user_id' => ('note' === '$1' ? 1 : 0))); echo \$id;"
}
cleanup() {
  php_wp "foreach (get_comments(array('search' => '$token', 'status' => 'any', 'type' => 'all')) as \$c) wp_delete_comment(\$c->comment_ID, true);
    foreach (array(${created:-0}) as \$id) if (\$id) wp_delete_comment(\$id, true);" > /dev/null
}
trap 'cleanup; tmuxc kill-server 2>/dev/null || true; rm -rf "$E2E_STATE"' EXIT

pingback=$(add pingback 1 "Linking Blog $token" "https://linking.example/post-$token" 30 "A pingback to your post")
trackback=$(add trackback 0 "Announcing Site" "https://announcing.example/$token" 20 "A trackback about your post")
created="$pingback,$trackback"
note=""
trashed_note=""
if [ "$notes" = yes ]; then
  note=$(add note 0 admin "" 10 "An editorial note")
  trashed_note=$(add note 0 admin "" 5 "A note the editor deleted")
  php_wp "wp_trash_comment($trashed_note);" > /dev/null
  created="$created,$note,$trashed_note"
fi
for id in $pingback $trackback $note $trashed_note; do
  [ "$id" -gt 0 ] 2>/dev/null || { echo "could not create the scenario's comments on WordPress ($created)"; exit 1; }
done

# What wp-admin shows: wp_count_comments() (notes left out from 6.9 on, pings in).
admin_counts() {
  php_wp '$c = wp_count_comments(); echo json_encode(array("approved" => (int) $c->approved, "hold" => (int) $c->moderated, "spam" => (int) $c->spam, "trash" => (int) $c->trash));'
}
count_of() { echo "$1" | json "d['$2']"; }
status_of() { php_wp "\$c = get_comment($1); echo \$c ? wp_get_comment_status(\$c) : 'missing';"; }
fingerprint() {
  php_wp "\$c = get_comment($1); echo json_encode(\$c ? array(\$c->comment_approved, \$c->comment_content, \$c->comment_type, \$c->comment_parent,
    get_comment_meta($1), count(get_comments(array('parent' => $1, 'type' => 'all', 'status' => 'any')))) : 'missing');"
}
expected=$(admin_counts)
echo "  wp-admin's counts: $expected"

# 1. The command line counts as wp-admin does.
counted=$(cli count --format json) || fail "count failed"
for status in approved hold spam trash; do
  check "count: $status is wp-admin's $(count_of "$expected" $status) (parley: $(count_of "$counted" $status))" \
    [ "$(count_of "$counted" $status)" = "$(count_of "$expected" $status)" ]
done

# 2. The screen: the pending badge and the Status counts are wp-admin's.
hold=$(count_of "$expected" hold)
# Polling every 5 s, the refresh at 120 requests a minute: section 3 waits for it.
printf 'sweep_budget = 120\n' > "$E2E_STATE/config.toml"
E2E_ENV="PARLEY_APP_PASSWORD='$WP_APP_PASSWORD'" start 132 40 --site "$WP_BASE_URL" --user "$WP_USER" \
  --poll-interval 5 --config "$E2E_STATE/config.toml"
wait_for "shown of" 20 || finish
wait_for " $hold pending" 15 || finish
keys f
wait_for "▾ Status" 5 || finish
panel_count() { screen | grep -oE "\[[ x]\] $1 +[0-9]+" | grep -oE '[0-9]+$' | head -n 1; }
panel_agrees() {
  local pair
  for pair in Approved:approved Pending:hold Spam:spam Trash:trash; do
    [ "$(panel_count "${pair%%:*}")" = "$(count_of "$expected" "${pair##*:}")" ] || return 1
  done
}
# Another client writing on the site meanwhile moves wp-admin's numbers: read them again,
# and reload (R) once, before comparing.
for attempt in 1 2 3 4 5 6 7 8 9 10; do
  expected=$(admin_counts)
  panel_agrees && break
  [ "$attempt" = 5 ] && keys R
  sleep 1
done
for pair in Approved:approved Pending:hold Spam:spam Trash:trash; do
  title=${pair%%:*} key=${pair##*:}
  check "Status $title shows wp-admin's $(count_of "$expected" "$key") (screen: $(panel_count "$title"))" \
    [ "$(panel_count "$title")" = "$(count_of "$expected" "$key")" ]
done

# 3. The Type group: Pings lists the pings, with where they come from.
# Type is the last group: past Status's four toggles and four headings.
keys j j j j j j j j Enter
wait_for "▾ Type" 5 || finish
wait_for "[ ] Pings" 5 || finish
keys j j Space
wait_for "[x] Pings" 5 || finish
wait_for "pingback from linking.example" 10 || finish
wait_for "trackback from announcing.example" 10 || finish
check "no note is listed" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -F 'A note'"

# The keys moderate pings: the scenario's two, found by the search (the trackback, newer,
# first); WordPress has what the keys did.
keys f /
type_text "$token"
keys Enter
wait_for "FILTERED 2 shown" 10 || finish
keys g
wait_for "Trackback from Announcing Site" 10 || finish
keys a
wait_for "Comment approved" 15 || finish
check "a approved the trackback (WordPress: $(status_of "$trackback"))" [ "$(status_of "$trackback")" = approved ]
keys j
wait_for "Pingback from Linking Blog" 10 || finish
keys s
wait_for "spam" 15 || finish
for _ in 1 2 3 4 5 6 7 8 9 10; do [ "$(status_of "$pingback")" = spam ] && break; sleep 0.5; done
check "s marked the pingback as spam (WordPress: $(status_of "$pingback"))" [ "$(status_of "$pingback")" = spam ]
# Another moderator changes both back in wp-admin: without R, within a poll, the rows show it
# (the refresh reads pings as it reads comments).
php_wp "wp_set_comment_status($pingback, 'approve'); wp_set_comment_status($trackback, 'hold');" > /dev/null
wait_for "Changed on the site:" 20 || fail "the pings changed in wp-admin did not reach the screen without R"
keys g
wait_for "changed on the site: now pending" 10 || fail "the trackback is not marked as pending again"

# 4. Empty Trash with only notes in the trash deletes nothing (6.9 and later).
if [ -n "$trashed_note" ]; then
  if [ "$(count_of "$expected" trash)" = 0 ]; then
    keys '#'
    wait_for "Empty Trash: the site has no comments in the trash." 15 || finish
    check "the note in the trash is still there (WordPress: $(status_of "$trashed_note"))" [ "$(status_of "$trashed_note")" = trash ]
  else
    echo "  (the trash holds comments of other scenarios: Empty Trash with only notes not checked)"
  fi
fi
keys q
wait_for "EXIT:0" 10

# 5. The command line lists pings by type and never a note.
listed=" $(cli list --status any --type pings --format ids) "
check "--type pings lists the pingback and the trackback ($listed)" bash -c "[[ '$listed' == *' $pingback '* && '$listed' == *' $trackback '* ]]"
everything=" $(cli list --status any --format ids) "
check "the default list holds the pings too" bash -c "[[ '$everything' == *' $pingback '* ]]"
for id in $note $trashed_note; do
  check "no list shows note $id" bash -c "[[ '$everything' != *' $id '* ]]"
done

# 6. Every write of the command line on a note's id is refused, the note as it was.
if [ -n "$note" ]; then
  for target in "$note" "$trashed_note"; do
    before=$(fingerprint "$target")
    sentence="#$target is an editorial note, not a comment: parley leaves notes to the block editor"
    for verb in approve unapprove spam unspam trash untrash delete "delete --force" "delete --force --yes" \
                "edit --content changed" "reply --content answered"; do
      # shellcheck disable=SC2086
      cli $verb "$target" > "$E2E_STATE/out" 2> "$E2E_STATE/err"
      code=$?
      check "$verb on note $target exits 1 (exit $code)" [ "$code" = 1 ]
      check "$verb on note $target says why: $(cat "$E2E_STATE/err")" grep -qF -- "$sentence" "$E2E_STATE/err"
      check "$verb left note $target as it was" [ "$(fingerprint "$target")" = "$before" ]
    done
  done
  # One note among comments: the comments are written, the note refused, exit 1.
  cli approve "$trackback" "$note" > "$E2E_STATE/out" 2> "$E2E_STATE/err"
  code=$?
  check "a note among pings: exit 1 ($code)" [ "$code" = 1 ]
  check "the ping beside the note was approved (WordPress: $(status_of "$trackback"))" [ "$(status_of "$trackback")" = approved ]
  cli unapprove "$trackback" > /dev/null 2>&1
fi

# 7. Pings moderated from the command line, and the counts follow as wp-admin's do.
cli approve "$trackback" > "$E2E_STATE/out" 2> "$E2E_STATE/err" || fail "approve of the trackback: $(cat "$E2E_STATE/err")"
check "the trackback is approved (WordPress: $(status_of "$trackback"))" [ "$(status_of "$trackback")" = approved ]
cli spam "$pingback" > "$E2E_STATE/out" 2> "$E2E_STATE/err" || fail "spam of the pingback: $(cat "$E2E_STATE/err")"
check "the pingback is spam (WordPress: $(status_of "$pingback"))" [ "$(status_of "$pingback")" = spam ]
expected=$(admin_counts)
counted=$(cli count --format json) || fail "count failed"
for status in approved hold spam trash; do
  check "count after moderating pings: $status is wp-admin's $(count_of "$expected" $status) (parley: $(count_of "$counted" $status))" \
    [ "$(count_of "$counted" $status)" = "$(count_of "$expected" $status)" ]
done
finish
