#!/usr/bin/env bash
# A spam flood by address (issue 13): 60 pending comments from one bot's e-mail address land on
# parley-mock-server, whose comment routes allow /batch/v1 (--batch-comments). From one of
# the bot's comments, three keys (@, s, y) spam everything from that address, sent in
# batches; then the server itself is asked, with `parley comment`.
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" --mock-size 40 --latency 10 --batch-comments || finish
SITE="http://127.0.0.1:$MOCK_PORT/site-1"
export PARLEY_APP_PASSWORD="abcd efgh"

MOCK_PORT=$MOCK_PORT python3 - <<'PY' || fail "the flood could not be posted"
import base64, json, os, urllib.request
root = "http://127.0.0.1:%s/site-1/wp-json" % os.environ["MOCK_PORT"]
base = root + "/wp/v2/comments"
auth = "Basic " + base64.b64encode(b"editor:abcd efgh").decode()
index = json.load(urllib.request.urlopen(root + "/"))
assert index["routes"]["/wp/v2/comments/(?P<id>[\\d]+)"]["allow_batch"] == {"v1": True}, "the index allows batching"
post = json.load(urllib.request.urlopen(base + "?per_page=1"))[0]["post"]
for n in range(60):
    body = json.dumps({"post": post, "author_name": "Pill Bot %d" % n, "author_email": "bot@pillz.example", "status": "hold",
                       "content": "Cheap pills at pillz.example, offer %d" % n}).encode()
    urllib.request.urlopen(urllib.request.Request(base, data=body, headers={"Content-Type": "application/json", "Authorization": auth}))
PY

c() { XDG_STATE_HOME="$E2E_STATE" XDG_CONFIG_HOME="$E2E_STATE/none" "$PARLEY_BIN" comment "$@" --site "$SITE" --user editor 2>&1; }
spam_before=$(c list --status spam --format count)

E2E_ENV="PARLEY_APP_PASSWORD='abcd efgh'"
start 132 40 --site "$SITE" --user editor
wait_for "comment #" 15 || finish
# The newest comment is the bot's last one; its e-mail shows once the edit context is read.
wait_for "bot@pillz.example" 15 || finish
keys @
wait_for "from bot@pillz.example" || finish
screen | grep -qE "Tagged (the )?60 " || fail "the 60 comments from that address are tagged: $(line_with 'Tagged')"
keys s
wait_for "Spam 60 tagged comments?" || finish
keys y
wait_for "Spam: 60 of 60 done" 30 || finish
keys q
wait_for "EXIT:0" 5

spam_flood=$(c list --status spam --search pillz --format count)
check "the server has the 60 as spam (it says $spam_flood)" [ "$spam_flood" = "60" ]
held=$(c list --status hold --search pillz --format count)
check "none of the flood is held any more (it says $held)" [ "$held" = "0" ]
spam_after=$(c list --status spam --format count)
check "nothing else became spam ($spam_before + 60 ≠ $spam_after)" [ "$spam_after" = "$(( spam_before + 60 ))" ]
finish
