#!/usr/bin/env bash
# A search while the site is still loading asks the site: the oldest comment of a large
# site, served slowly by parley-mock-server over HTTP, is edited to hold a word no other
# comment has; typed into the search prompt long before background loading reaches that
# comment, the word finds it at once, and the header says the site's answer is all in.
. "$(dirname "$0")/lib.sh"
start_mock_server --mock-size 20000 --latency 300 --user admin --password "search pass" || finish
base="http://127.0.0.1:$MOCK_PORT/site-1/wp-json/wp/v2"
word="zanzibarquux"

# The oldest comment gets the word; prints its id.
oldest=$(python3 - "$base" "$word" <<'PY'
import base64, json, sys, urllib.request
base, word = sys.argv[1], sys.argv[2]
auth = "Basic " + base64.b64encode(b"admin:search pass").decode()
def call(method, path, body=None):
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body else None)
    request.add_header("Authorization", auth)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)
oldest = call("GET", "/comments?per_page=1&order=asc&status=approve")[0]
call("POST", f"/comments/{oldest['id']}", {"content": f"The oldest comment mentions {word} once."})
print(oldest["id"])
PY
) || { fail "could not edit the oldest comment"; finish; }
check "the oldest comment was edited ($oldest)" [ -n "$oldest" ]

E2E_ENV="PARLEY_APP_PASSWORD='search pass'" start 132 40 --site "http://127.0.0.1:$MOCK_PORT/site-1" --user admin
wait_for "loading" 30 || finish
keys /
type_text "$word"
wait_for "search: 1 on the site" 20 || finish
wait_for "oldest comment mentions" 10 || finish
header=$(screen | head -n 1)
check "the site is still loading when the search has found it: $header" bash -c "grep -q loading <<< \"\$1\"" _ "$header"
keys Enter
keys q
wait_for "EXIT:0" 10
finish
