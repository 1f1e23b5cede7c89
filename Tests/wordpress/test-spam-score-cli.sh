#!/usr/bin/env bash
# The spam score on the command line (issue 30) against a real WordPress: the history is the
# site's own, read through its REST API (no replica: XDG_CACHE_HOME is the scenario's own).
#
# The scenario marks 22 comments of its own as spam, each linking to a domain only it uses, and
# approves 22 others, then adds a pending comment linking there too, and checks:
# - `parley comment explain ID --format json` leans to spam and says "links to DOMAIN — seen in
#   22 spam here", learned from the site (source "site"); the text form says the same;
# - explain changed nothing: the comment is still pending;
# - `comment list --fields id,spam_score` gives it the same score, `--orderby spam_score` lists
#   the held comments the likeliest spam first, and `--order asc` the spam the likeliest real first;
# - from 6.9 on, a note is never explained (exit 1, the notes' sentence).
# Environment (from Tests/wordpress/run.sh): WP_BASE_URL, WP_POST_ID, WP_USER, WP_APP_PASSWORD,
# PARLEY_BIN; optionally WP_SEED_NOTE_IDS.
. "$(dirname "$0")/lib.sh"

domain="$token.example"
cli() {
  env XDG_STATE_HOME="$E2E_STATE" XDG_CACHE_HOME="$E2E_STATE/cache" PARLEY_APP_PASSWORD="$WP_APP_PASSWORD" \
    "$PARLEY_BIN" comment "$@" --site "$WP_BASE_URL" --user "$WP_USER"
}
# ordered DIRECTION: the spam_score values of a JSON list read from stdin are sorted that way.
ordered() { python3 -c "import json,sys; s=[o['spam_score'] for o in json.load(sys.stdin)]; sys.exit(0 if s == sorted(s, reverse='$1' == 'desc') else 1)"; }

for i in $(seq 1 22); do
  spam=$(create "Cheap pills $i, best price: <a href='https://$domain/$i'>order now</a>" spam)
  fine=$(create "Thanks for the post, the part about caching ($i) helped me" approved)
  [ -n "$spam" ] && [ -n "$fine" ] || { fail "could not create the scenario's history"; finish; }
done
pending=$(create "Cheap pills for you: <a href='https://$domain/new'>shop</a>" hold)
[ -n "$pending" ] || { fail "could not create the pending comment"; finish; }

# 1. explain: the score leans to spam and says why, learned from the site.
cli explain "$pending" --format json > "$E2E_STATE/explain.json" 2> "$E2E_STATE/err" || fail "explain failed: $(cat "$E2E_STATE/err")"
explained=$(cat "$E2E_STATE/explain.json")
score=$(echo "$explained" | json "d['spam_score']")
check "explain: spam score $score leans to spam ($explained)" [ "$score" -ge 50 ]
check "explain: a reason is the domain seen in the scenario's spam" \
  python3 -c "import json,sys; sys.exit(0 if sys.argv[2] in json.load(open(sys.argv[1]))['reasons'] else 1)" \
  "$E2E_STATE/explain.json" "links to $domain — seen in 22 spam here"
check "explain: learned from the site" [ "$(echo "$explained" | json "d['history']['source']")" = site ]
check "explain: at least the scenario's 22 spam learned" [ "$(echo "$explained" | json "d['history']['spam']")" -ge 22 ]
text=$(cli explain "$pending")
check "explain as text: the score first ($text)" bash -c "[[ \"\$1\" == 'Comment $pending (pending): spam score $score, '* ]]" _ "$text"
check "explain as text: the reason on a line of its own" bash -c "grep -qxF '  links to $domain — seen in 22 spam here' <<< \"\$1\"" _ "$text"
check "explain changed nothing (WordPress: $(status_of "$pending"))" [ "$(status_of "$pending")" = hold ]

# 2. The list gives the same score, and orders by it both ways.
listed=$(cli list --status hold --fields id,spam_score --format json) || fail "list failed"
check "list: the same score as explain" [ "$(echo "$listed" | json "[o['spam_score'] for o in d if o['id'] == $pending][0]")" = "$score" ]
cli list --status hold --fields id,spam_score --orderby spam_score --format json > "$E2E_STATE/desc.json" || fail "list --orderby failed"
check "--orderby spam_score: the likeliest spam first" ordered desc < "$E2E_STATE/desc.json"
cli list --status spam --fields id,spam_score --orderby spam_score --order asc --format json > "$E2E_STATE/asc.json" || fail "list --order asc failed"
check "--order asc: the likeliest real first" ordered asc < "$E2E_STATE/asc.json"

# 3. A note is never explained (6.9 and later).
note=${WP_SEED_NOTE_IDS%%,*}
if [ -n "${note:-}" ]; then
  cli explain "$note" > "$E2E_STATE/out" 2> "$E2E_STATE/err"
  code=$?
  check "explain on note $note exits 1 ($code)" [ "$code" = 1 ]
  check "explain on note $note says why: $(cat "$E2E_STATE/err")" \
    grep -qF "#$note is an editorial note, not a comment: parley leaves notes to the block editor" "$E2E_STATE/err"
fi
finish
