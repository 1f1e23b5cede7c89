#!/usr/bin/env bash
# A flood that varies its words, numbers and links (issue 30): no author, address or search
# word is common to its copies. `~` on one of them tags the copies the list shows and says
# that one more is hidden in Spam; `s y` spams them; an ordinary comment posted before the
# flood, and the seed's comments, stay as they were. Against parley-mock-server over HTTP.
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" --mock-size 40 --seed 3 || finish
SITE="http://127.0.0.1:$MOCK_PORT/site-1"
export PARLEY_APP_PASSWORD="abcd efgh"
E2E_ENV="PARLEY_APP_PASSWORD='abcd efgh'"
c() { XDG_STATE_HOME="$E2E_STATE" XDG_CONFIG_HOME="$E2E_STATE/none" "$PARLEY_BIN" comment "$@" --site "$SITE" --user editor 2>&1; }

# post STATUS AUTHOR TEXT: a guest's comment on the site's first post; prints its id.
post_id=$(curl -s -u "editor:abcd efgh" "$SITE/wp-json/wp/v2/comments?per_page=1&_fields=post" | grep -oE '"post":[0-9]+' | grep -oE '[0-9]+')
post() {
  python3 -c 'import json, sys; print(json.dumps({"post": int(sys.argv[1]), "status": sys.argv[2], "author_name": sys.argv[3], "content": sys.argv[4]}))' \
    "$post_id" "$1" "$2" "$3" \
  | curl -s -u "editor:abcd efgh" -H "Content-Type: application/json" --data-binary @- "$SITE/wp-json/wp/v2/comments" \
  | grep -oE '"id":[0-9]+' | head -n 1 | grep -oE '[0-9]+'
}
[ -n "$post_id" ] || { fail "the site's first post could not be read"; finish; }
ordinary=$(post hold "Maggie" "Does anyone know whether the 1972 carburettor needs new jets before winter?")
hidden=$(post spam "Pill Bot 0" "Cheap pills at pilz.example, offer 5, order now while stocks last")
flood=""
n=1
for text in \
  "Cheap pills at pillz.example, offer 17, order now while stocks last" \
  "Cheap pills at <a href=\"https://pills.example/?ref=2\">pills.example</a>: offer 3 - order now while the stocks last!" \
  "cheap PILLS at meds.example, offer 254, order today while stocks last" \
  "Cheap pills at pillz.example - offer 9, order now while stock lasts!!"; do
  flood="$flood $(post hold "Pill Bot $n" "$text")"
  n=$((n + 1))
done
[ "$(echo $flood | wc -w)" = "4" ] && [ -n "$ordinary" ] && [ -n "$hidden" ] || { fail "the flood could not be posted"; finish; }
held_before=$(c list --status hold --format ids | tr ' ' '\n' | grep -vxE "$(echo $flood $ordinary | tr ' ' '|')" | sort | tr '\n' ' ')

start 132 40 --site "$SITE" --user editor
wait_for "comment #" 15 || finish
wait_loaded || finish
at_top || finish
first=$(line_with "comment #" | grep -oE 'comment #[0-9]+' | grep -oE '[0-9]+')
check "the newest comment, at the top, is one of the flood's ($first)" bash -c "echo ' $flood ' | grep -q ' $first '"
type_text "~"
wait_for "close to this one's text" 10 || finish
joined() { tmuxc capture-pane -p -J -t "$E2E_SESSION" | tr -s ' \n' ' '; }
check "the hint counts the copies shown and the one hidden in Spam: $(joined | grep -oE 'Tagged.*text;.*too\.' | head -n 1)" \
  bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -J -t '$E2E_SESSION' | tr -s ' \n' ' ' \
    | grep -qF \"Tagged the 4 comments shown close to this one's text; 1 more in Spam is hidden by the filters — ~ again tags them too.\""
wait_for "4 tagged" 5 || finish
keys s
wait_for "Spam 4 tagged comments?" 5 || finish
keys y
wait_for "Spam: 4 of 4 done" 15 || finish
keys q
wait_for "EXIT:0" 5

for id in $flood; do
  check "the flood's comment $id is spam" [ "$(c get "$id" --field status)" = "spam" ]
done
check "the ordinary comment is still pending" [ "$(c get "$ordinary" --field status)" = "hold" ]
check "the copy in Spam stayed there" [ "$(c get "$hidden" --field status)" = "spam" ]
held_after=$(c list --status hold --format ids | tr ' ' '\n' | grep -vxE "$(echo $flood $ordinary | tr ' ' '|')" | sort | tr '\n' ' ')
check "the seed's pending comments are still pending" [ "$held_before" = "$held_after" ]
finish
