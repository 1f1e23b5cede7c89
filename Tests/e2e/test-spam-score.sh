#!/usr/bin/env bash
# The spam score in the terminal (issue 30), against behaviour rather than the seed's texts: on
# parley-mock-server, another moderator marks 25 comments of a pill bot spam (a history large
# enough to learn from) and the bot writes one more, pending. The rows show their marks, the
# bot's pending comment is likely spam and its detail pane says why (the known spam domain),
# `o` reaches "likely spam first", then, with Spam shown, "most likely real first", and the
# filter panel has a Score group.
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" --mock-size 60 || finish
SITE="http://127.0.0.1:$MOCK_PORT/site-1"
export PARLEY_APP_PASSWORD="abcd efgh"

MOCK_PORT=$MOCK_PORT python3 - <<'PY' || fail "the bot's comments could not be posted"
import base64, json, os, urllib.request
base = "http://127.0.0.1:%s/site-1/wp-json/wp/v2/comments" % os.environ["MOCK_PORT"]
auth = {"Content-Type": "application/json", "Authorization": "Basic " + base64.b64encode(b"editor:abcd efgh").decode()}
post = json.load(urllib.request.urlopen(base + "?per_page=1"))[0]["post"]
def send(url, body):
    return json.load(urllib.request.urlopen(urllib.request.Request(url, data=json.dumps(body).encode(), headers=auth)))
for n in range(25):
    made = send(base, {"post": post, "author_name": "Pill Bot", "author_email": "bot@pillz.example", "status": "hold",
                       "content": "Cheap pills %d at <a href=\"https://pillz.example/%d\">pillz.example</a>" % (n, n)})
    send("%s/%d" % (base, made["id"]), {"status": "spam"})
send(base, {"post": post, "author_name": "Pill Bot", "author_email": "bot@pillz.example", "status": "hold",
            "content": "Pillz offer today at <a href=\"https://pillz.example/new\">pillz.example</a>"})
PY

E2E_ENV="PARLEY_APP_PASSWORD='abcd efgh'"
start 132 40 --site "$SITE" --user editor
wait_for "comment #" 15 || finish
# A row's mark follows its status mark: "!", "?" or a blank, then the tens digit.
# wait_for_row REGEX: until a row matches (the scores come once the site is learned).
wait_for_row() {
  local deadline=$(( $(date +%s) + 15 ))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    screen | grep -qE -- "$1" && return 0
    sleep 0.1
  done
  fail "timed out waiting for a row matching: $1"
}
wait_for "Pill Bot" 15 || finish
wait_for_row '^ P ![0-9] Pill Bot'  # the bot's pending comment: likely spam
wait_for_row '^ A [ ?!][0-9] '      # approved rows carry a digit too: learned, not learning

# The detail pane of the bot's comment says why, in words.
keys /
type_text "pillz offer"
keys Enter
wait_for "FILTERED" || finish
wait_for "Spam score " 10 || finish
wait_for "likely spam" 5 || finish
wait_for "links to pillz.example — seen in 25 spam here" 10 || finish
keys c
wait_gone "FILTERED" 5

# The orders: threaded → newest → oldest → likely spam first.
keys o o o
wait_for "sorted: likely spam first" 5 || finish
first=$(screen | sed -n '2p')
check "likely spam first starts with a likely spam row (got: $first)" bash -c "echo '$first' | grep -qE '^ . ![0-9] '"
# With Spam shown, o goes on to most likely real first.
keys f j j Space
wait_for "[x] Spam" 5 || finish
keys Escape
wait_for "FILTERED" 5 || finish
keys o
wait_for "sorted: most likely real first" 5 || finish

# The filter panel's Score group (last), counted; Likely spam narrows the list to its count.
keys f
wait_for "▸ Score" 5 || finish
keys j j j j j j j j j Enter
wait_for "Likely fine" 5 || finish
keys j Space
wait_for "[x] Likely spam" 5 || finish
count=$(screen | grep -F "[x] Likely spam" | grep -oE '[0-9]+ *│' | grep -oE '[0-9]+')
check "Likely spam counts the bot's comments ($count)" [ "${count:-0}" -ge 1 ]
keys Escape
wait_for " shown of " 5 || finish
shown=$(screen | head -n 1 | grep -oE '[0-9]+ shown' | grep -oE '[0-9]+')
check "the list shows what Likely spam counted ($shown, $count)" [ "$shown" = "$count" ]
keys q
wait_for "EXIT:0" 5
finish
