#!/usr/bin/env bash
# An ambiguous outcome against the real WordPress: a loopback proxy between parley and
# WordPress forwards the first moderation write, lets WordPress carry it out, then closes
# the connection without the answer. parley must settle it by asking the site again: it
# reports the comment marked as spam (as it is on WordPress), not a failure, and z undoes it.
# Environment (from Tests/wordpress/run.sh): WP_BASE_URL, WP_POST_ID, WP_USER, WP_APP_PASSWORD, PARLEY_BIN.
. "$(dirname "$0")/../e2e/lib.sh"
: "${WP_BASE_URL:?}" "${WP_POST_ID:?}" "${WP_USER:?}" "${WP_APP_PASSWORD:?}"

token="parleywp$$y$RANDOM"
wp() { local method=$1 route=$2; shift 2; curl -s -X "$method" -u "$WP_USER:$WP_APP_PASSWORD" "$WP_BASE_URL/?rest_route=$route" "$@"; }
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
status_of() { wp GET "/wp/v2/comments/$1&context=edit" | json "d.get('status', 'missing')"; }
eventually() {
  local deadline=$(( $(date +%s) + 10 )) now=""
  while [ "$(date +%s)" -lt "$deadline" ]; do
    now=$(status_of "$1"); [ "$now" = "$2" ] && return 0; sleep 0.2
  done
  fail "comment $1 is $now on WordPress, expected $2"; return 1
}

# The proxy: forwards everything to WordPress; the first write to /wp/v2/comments/ID is
# carried out by WordPress and its answer dropped (the connection closes, nothing is sent).
cat > "$E2E_STATE/proxy.py" <<'PY'
import http.client, http.server, re, sys, urllib.parse
upstream = urllib.parse.urlsplit(sys.argv[1])
dropped = []
class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def forward(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        connection = http.client.HTTPConnection(upstream.hostname, upstream.port or 80, timeout=30)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
        headers["Host"] = upstream.netloc
        connection.request(self.command, self.path, body=body or None, headers=headers)
        answer = connection.getresponse()
        data = answer.read()
        if self.command != "GET" and re.search(r"/wp/v2/comments/\d+", self.path) and not dropped:
            dropped.append(self.path)
            print("dropped the answer to", self.command, self.path, flush=True)
            self.close_connection = True
            return
        self.send_response(answer.status)
        for name, value in answer.getheaders():
            if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = forward
    def log_message(self, *args): pass
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
print("listening on", server.server_address[1], flush=True)
server.serve_forever()
PY
python3 "$E2E_STATE/proxy.py" "$WP_BASE_URL" > "$E2E_STATE/proxy.out" 2>&1 &
proxy=$!
cleanup() {
  kill "$proxy" 2>/dev/null
  for status in all trash; do
    for id in $(wp GET "/wp/v2/comments&search=$token&status=$status&context=edit&per_page=100" | json "' '.join(str(c['id']) for c in d)"); do
      wp DELETE "/wp/v2/comments/$id&force=true" > /dev/null
    done
  done
}
trap 'cleanup; tmuxc kill-server 2>/dev/null || true; rm -rf "$E2E_STATE"' EXIT
port=""
for _ in $(seq 100); do
  port=$(grep -oE 'listening on [0-9]+' "$E2E_STATE/proxy.out" 2>/dev/null | grep -oE '[0-9]+$')
  [ -n "$port" ] && break; sleep 0.05
done
[ -n "$port" ] || { echo "the proxy did not start: $(cat "$E2E_STATE/proxy.out")"; exit 1; }

id=$(wp POST /wp/v2/comments -H 'Content-Type: application/json' \
  -d "{\"post\": $WP_POST_ID, \"content\": \"Ambiguous $token\", \"status\": \"approved\"}" | json "d['id']")
[ -n "$id" ] || { echo "could not create the scenario's comment on WordPress"; exit 1; }

# The REST base through the proxy (from the site root WordPress would link past the proxy).
E2E_ENV="PARLEY_APP_PASSWORD='$WP_APP_PASSWORD'" start 132 40 --site "http://127.0.0.1:$port/wp-json" --user "$WP_USER"
wait_for "shown of" 20 || finish
keys /
type_text "$token"
keys Enter
wait_for "1 shown of" 10 || finish
wait_for "comment #$id" 10 || finish

keys s
wait_for "Comment marked as spam." 20 || finish
check "the proxy dropped the answer of the write" grep -q "dropped the answer" "$E2E_STATE/proxy.out"
check "spam on WordPress" eventually "$id" spam
check "parley does not call the write failed" eval '! screen | grep -q "Spam failed"'
keys z
check "the spam undone on WordPress" eventually "$id" approved
# WordPress has it before parley has read the answer: a q while a write is on its way only
# asks for a second q, so quit once parley says the undo is done.
wait_for "Undone: spam" 10 || finish

keys q
wait_for "EXIT:0" 10
finish
