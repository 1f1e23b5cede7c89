#!/usr/bin/env bash
# A spam flood (issue 13): 200 pending comments from one bot land on parley-mock-server; after
# filtering them with a search, at most 10 keys (load them all, X, s, y) mark all 200 as spam
# over HTTP, four requests at a time; then the server itself is asked, with `parley comment`.
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" --mock-size 40 --latency 10 || finish
SITE="http://127.0.0.1:$MOCK_PORT/site-1"
export PARLEY_APP_PASSWORD="abcd efgh"

# The flood: 200 held comments on one post, posted through the REST API.
MOCK_PORT=$MOCK_PORT python3 - <<'PY' || fail "the flood could not be posted"
import base64, json, os, urllib.request
base = "http://127.0.0.1:%s/site-1/wp-json/wp/v2/comments" % os.environ["MOCK_PORT"]
auth = "Basic " + base64.b64encode(b"editor:abcd efgh").decode()
post = json.load(urllib.request.urlopen(base + "?per_page=1"))[0]["post"]
for n in range(200):
    body = json.dumps({"post": post, "author_name": "Pill Bot", "author_email": "bot@pillz.example", "status": "hold",
                       "content": "Cheap pills at pillz.example, offer %d" % n}).encode()
    urllib.request.urlopen(urllib.request.Request(base, data=body, headers={"Content-Type": "application/json", "Authorization": auth}))
PY

# c ARGS…: `parley comment ARGS` against the same server, printing what it prints.
c() { XDG_STATE_HOME="$E2E_STATE" XDG_CONFIG_HOME="$E2E_STATE/none" "$PARLEY_BIN" comment "$@" --site "$SITE" --user editor 2>&1; }
spam_before=$(c list --status spam --format count)
[ "$(c list --status hold --search pillz --format count)" = "200" ] || fail "the server holds the flood"

E2E_ENV="PARLEY_APP_PASSWORD='abcd efgh'"
start 132 40 --site "$SITE" --user editor
wait_for "comment #" 15 || finish
keys /
type_text pillz
keys Enter
wait_for "FILTERED" || finish

# From here every key counts.
pressed=0
press() { keys "$@"; pressed=$(( pressed + $# )); }
# G at the end of the list loads the next page; until all 200 are loaded and shown.
for attempt in 1 2 3 4 5; do
  screen | head -n 1 | grep -q "200 shown" && break
  press G
  sleep 0.5
done
wait_for "200 shown" 10 || finish
press X
wait_for "200 tagged" || finish
press s
wait_for "Spam 200 tagged comments?" || finish
press y
wait_for "Spam: 200 of 200 done" 30 || finish
wait_gone "tagged ·" 5
check "at most 10 keys after filtering (pressed $pressed)" [ "$pressed" -le 10 ]
keys q
wait_for "EXIT:0" 5

# The server's own state.
spam_flood=$(c list --status spam --search pillz --format count)
check "the server has the 200 as spam (it says $spam_flood)" [ "$spam_flood" = "200" ]
held=$(c list --status hold --search pillz --format count)
check "none of the flood is held any more (it says $held)" [ "$held" = "0" ]
spam_after=$(c list --status spam --format count)
check "nothing else became spam ($spam_before + 200 ≠ $spam_after)" [ "$spam_after" = "$(( spam_before + 200 ))" ]
finish
