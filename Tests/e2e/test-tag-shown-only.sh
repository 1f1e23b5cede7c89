#!/usr/bin/env bash
# Tagging keys tag what is shown (issue 27): one of an author's comments is in the trash,
# which the list does not show. T tags the author's comments shown and says how many more
# are hidden; `s y` spams those, and the trashed one stays in the trash (it used to be moved
# into Spam). Against parley-mock-server over HTTP.
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" --mock-size 60 --seed 3 || finish
SITE="http://127.0.0.1:$MOCK_PORT/site-1"
export PARLEY_APP_PASSWORD="abcd efgh"
E2E_ENV="PARLEY_APP_PASSWORD='abcd efgh'"
c() { XDG_STATE_HOME="$E2E_STATE" XDG_CONFIG_HOME="$E2E_STATE/none" "$PARLEY_BIN" comment "$@" --site "$SITE" --user editor 2>&1; }

# The comment first under the cursor, and its author.
start 132 40 --site "$SITE" --user editor
wait_for "comment #" 15 || finish
first=$(line_with "comment #" | grep -oE 'comment #[0-9]+' | grep -oE '[0-9]+')
keys q
wait_for "EXIT:0" 5 || finish
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null

# Another of that author's live comments goes to the trash, as wp-admin would.
other=$(MOCK_PORT=$MOCK_PORT FIRST=$first python3 - <<'PY'
import base64, json, os, urllib.request
base = "http://127.0.0.1:%s/site-1/wp-json/wp/v2/comments" % os.environ["MOCK_PORT"]
auth = {"Authorization": "Basic " + base64.b64encode(b"editor:abcd efgh").decode()}
def get(url): return json.load(urllib.request.urlopen(urllib.request.Request(url, headers=auth)))
first = get(base + "/" + os.environ["FIRST"] + "?context=edit")
comments = get(base + "?per_page=100&status=approve,hold&context=edit")
same = [c for c in comments if c["id"] != first["id"] and c["author_name"] == first["author_name"] and c["author"] == first["author"]]
urllib.request.urlopen(urllib.request.Request(base + "/%d" % same[0]["id"], method="DELETE", headers=auth))
print(same[0]["id"])
PY
) || fail "no other comment by the first comment's author to trash"
[ -n "$other" ] || finish

start 132 40 --site "$SITE" --user editor
wait_for "comment #$first" 15 || finish
keys T
wait_for "hidden by the filters" 5 || finish
check "the hint names the trash and the key: $(line_with 'Tagged')" bash -c "
  tmux -S '$E2E_SOCKET' capture-pane -p -J -t '$E2E_SESSION' | tr -s ' \n' ' ' | grep -qE 'more in Trash (is|are) hidden by the filters — T again tags them too'"
keys s
wait_for "tagged comment" 5 || finish
keys y
wait_for "done" 15 || finish
keys q
wait_for "EXIT:0" 5
check "the author's comment shown is spam now" [ "$(c get "$first" --field status)" = "spam" ]
check "the trashed comment stayed in the trash" [ "$(c get "$other" --field status)" = "trash" ]
finish
