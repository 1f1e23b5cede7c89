#!/usr/bin/env bash
# Comment types (issue 28) against parley-mock-server, whose seed ends with a held note, an
# approved pingback, a resolved note and its marker, a held trackback and a note in the trash
# (ids size+1 … size+6): the list shows the pings with where they come from, the Type group
# counts and narrows them, the pending badge counts the held trackback as wp-admin does,
# Empty Trash with only a note in the trash deletes nothing, and the command line refuses
# every write on a note's id (exit 1) and leaves it as it was on the site.
. "$(dirname "$0")/lib.sh"
size=40
start_mock_server --user editor --password "abcd efgh" --mock-size "$size" || finish
notes_config
held_note=$((size + 1)) pingback=$((size + 2)) trackback=$((size + 5)) trashed_note=$((size + 6))
site="http://127.0.0.1:$MOCK_PORT/site-1"
rest() { curl -s -u "editor:abcd efgh" "$site/wp-json/wp/v2/comments$1"; }
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
note_state() { rest "/$1?context=edit" | json "(d.get('status'), d.get('type'), d.get('content', {}).get('raw'))"; }
# What wp-admin counts: every type but notes (the empty `type=`, as wp_count_comments()).
admin_count() { curl -s -D - -o /dev/null -u "editor:abcd efgh" "$site/wp-json/wp/v2/comments?status=$1&type=&per_page=1" | tr -d '\r' | sed -n 's/^X-WP-Total: //Ip'; }
hold=$(admin_count hold)
trash=$(admin_count trash)
[ -n "$hold" ] || fail "the mock counts the held comments"
trashed_before=$(note_state "$trashed_note")
check "the seed's last comment is a note in the trash ($trashed_before)" grep -q "'trash', 'note'" <<< "$trashed_before"

start 132 40 --config "$config"
wait_for "shown of" 20 || finish
wait_for " $hold pending" 10 || finish

# The Type group: its counts, and Pings narrows the list to the pings.
keys f
wait_for "▾ Status" 5 || finish
# Type is the last group: past Status's four toggles and four headings.
keys j j j j j j j j Enter
wait_for "▾ Type" 5 || finish
wait_for "[ ] Comments" 5 || finish
pings=$(screen | grep -oE '\[ \] Pings +[0-9]+' | grep -oE '[0-9]+$')
check "the Pings count is the approved and held pings ($pings)" [ "${pings:-0}" -ge 2 ]
keys j j Space
wait_for "[x] Pings" 5 || finish
wait_for "FILTERED $pings shown" 5 || finish
wait_for "pingback from" 5 || finish
wait_for "trackback from" 5 || finish

# Empty Trash: the trash holds comments of the seed besides the note; the question's number
# is the Trash count, never the note.
keys f '#'
wait_for "Empty Trash: delete all $trash comment" 10 || finish
keys n
check "the note in the trash is as it was" [ "$(note_state "$trashed_note")" = "$trashed_before" ]
keys q
wait_for "EXIT:0" 10

# The command line: every write on a note's id is refused; the note stays as it was.
p() { env XDG_STATE_HOME="$E2E_STATE" XDG_CONFIG_HOME="$E2E_STATE/none" "$PARLEY_BIN" comment "$@" --config "$config" >"$E2E_STATE/out" 2>"$E2E_STATE/err"; status=$?; }
for note in $held_note $trashed_note; do
  before=$(note_state "$note")
  for verb in approve unapprove spam unspam trash untrash delete "delete --force" "edit --content changed" "reply --content answered"; do
    # shellcheck disable=SC2086
    p $verb "$note"
    check "$verb $note exits 1 ($status)" [ "$status" -eq 1 ]
    check "$verb $note says why: $(cat "$E2E_STATE/err")" \
      grep -qxF "Error: #$note is an editorial note, not a comment: parley leaves notes to the block editor." "$E2E_STATE/err"
    check "$verb left note $note as it was ($(note_state "$note"), was $before)" [ "$(note_state "$note")" = "$before" ]
  done
done
# Pings are moderated as comments are.
p approve "$trackback"
check "approve the trackback: $(cat "$E2E_STATE/err")" [ "$status" -eq 0 ]
check "the trackback is approved" [ "$(rest "/$trackback?context=edit" | json "d['status']")" = approved ]
p spam "$pingback"
check "spam the pingback: $(cat "$E2E_STATE/err")" [ "$status" -eq 0 ]
check "the pingback is spam" [ "$(rest "/$pingback?context=edit" | json "d['status']")" = spam ]
finish
