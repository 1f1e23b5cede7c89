#!/usr/bin/env bash
# Escape injection end to end: hostile content, author names and URLs are posted to
# parley-mock-server over its HTTP API (a moderator may name a guest author, as on WordPress),
# parley runs under script(1), which records every byte it writes to the terminal, moves over
# and opens each comment, and the record is scanned for what parley itself never writes: OSC
# (52 clipboard, titles), DCS/APC/PM/SOS, CSI 2J other than ncurses' own clear (CSI H CSI 2J),
# the CSIs of the payloads, BEL, 8-bit C1, bidi overrides and isolates, invalid UTF-8.
. "$(dirname "$0")/lib.sh"
start_mock_server --mock-size 1 --user admin --password "inject pass" || finish
base="http://127.0.0.1:$MOCK_PORT/site-1/wp-json/wp/v2"

# Posts the payloads; prints their ids, one a line.
python3 - "$base" > "$E2E_STATE/ids" <<'PY' || { fail "could not post the payloads"; finish; }
import base64, json, sys, urllib.request
base = sys.argv[1]
auth = "Basic " + base64.b64encode(b"admin:inject pass").decode()
def call(method, path, body=None):
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body else None)
    request.add_header("Authorization", auth)
    request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)
post = call("GET", "/comments?per_page=1")[0]["post"]
payloads = [
    "osc52 \x1b]52;c;cm0gLXJmIC8K\x07 end", "clear \x1b[2J\x1b[H end", "dcs \x1bP1$r0m\x1b\\ end",
    "c1 \x9b31m \x9d0;title\x9c \x90q\x9c end", "rlo \u202egpj.exe\u202c end", "lone\rCR end",
    "back\b\b\bspaces end", "printer \x1b[5i \x1b[6n \x1b]0;title\x07 bell\x07 end",
    "isolates \u2066x\u2069 \u2067y\u2069 \u200f end", "long " + "x" * 100_000 + " end",
    "marks e" + "\u0301" * 10_000 + " end", "apc \x1b_payload\x1b\\ pm \x1b^p\x1b\\ sos \x1bXp\x1b\\ end",
]
for number, payload in enumerate(payloads):
    created = call("POST", "/comments", {
        "post": post, "content": f"Payload {number}: {payload}",
        "author_name": f"Evil{number} " + payload[:200], "author_email": f"evil{number}@example.com",
        "author_url": "http://evil.example/" + payload[:200].replace(" ", "%20"), "author_ip": "192.0.2.66",
    })
    print(created["id"])
PY
count=$(wc -l < "$E2E_STATE/ids")
check "the twelve payloads were posted" test "$count" -eq 12

record="$E2E_STATE/typescript"
E2E_ENV="PARLEY_APP_PASSWORD='inject pass'" PARLEY_BIN=$(command -v script) \
  start 132 40 -q -f -e -c "'$PARLEY_BIN' --site http://127.0.0.1:$MOCK_PORT/site-1 --user admin" "$record"
wait_for "shown of" 20 || finish
# The comments' list in too (the pings' may come first, and g would then go to a ping).
wait_for "Payload 11:" 20 || finish

# Every comment, newest first as the list shows them: move onto it (the detail pane shows
# it), open it, close it, next.
keys g
for id in $(sort -rn "$E2E_STATE/ids"); do
  wait_for "comment #$id" 10 || finish
  keys Enter
  wait_for "Esc back" 10 || finish
  keys Enter
  wait_for "r reply · d trash" 10 || finish
  keys j
done
keys q
wait_for "EXIT:0" 10

python3 - "$record" <<'PY' || fail "parley wrote bytes that are not its own (above)"
import re, sys
data = open(sys.argv[1], "rb").read()
problems = []
# The record must be parley's screen (the alternate screen, the payloads' rows), or the
# scan below would pass on nothing.
for needed in (b"\x1b[?1049h", "Payload 11: apc".encode(), "Evil4 rlo".encode()):
    if needed not in data: problems.append(f"the record lacks {needed!r}: script did not capture parley")
def forbid(pattern, what):
    found = re.findall(pattern, data)
    if found: problems.append(f"{what}: {len(found)}× e.g. {found[0][:40]!r}")
forbid(rb"\x1b\]", "OSC (52 clipboard, title)")
forbid(rb"\x1b[P_^X]", "DCS / APC / PM / SOS")
forbid(rb"(?<!\x1b\[H)\x1b\[2J", "CSI 2J that is not ncurses' clear")
forbid(rb"\x1b\[5i|\x1b\[6n|\x1bc", "a payload's CSI (printer, status report) or RIS")
forbid(rb"\x07", "BEL")
try:
    text = data.decode("utf-8")
except UnicodeDecodeError as error:
    problems.append(f"invalid UTF-8 at byte {error.start}")
    text = data.decode("utf-8", "replace")
for name, pattern in [("8-bit C1", "[\x80-\x9f]"), ("bidi override / isolate / mark", "[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]")]:
    found = re.findall(pattern, text)
    if found: problems.append(f"{name}: {len(found)}× e.g. {found[0]!r}")
print(f"injection: scanned {len(data)} bytes of parley's output, {len(problems)} problems")
for problem in problems: print("  ", problem)
sys.exit(1 if problems else 0)
PY
finish
