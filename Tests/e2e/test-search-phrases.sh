#!/usr/bin/env bash
# Issue 29: / with 200 phrases taken from the mock's own comments (16 to 60 characters, the
# opening words of a comment among them) leaves parley running. A phrase longer than the
# search's 17-byte block, in a text a little longer than it, killed parley at once (SIGILL).
# Each phrase is typed in one go; the search line must show it and parley must still run;
# Ctrl-U clears it for the next.
. "$(dirname "$0")/lib.sh"
export XDG_STATE_HOME="$E2E_STATE" XDG_CONFIG_HOME="$E2E_STATE/none"
phrases="$E2E_STATE/phrases"
"$PARLEY_BIN" comment list --status any --fields content --format json --mock-size 300 </dev/null >"$E2E_STATE/comments.json" \
  || { fail "comment list failed"; finish; }
python3 - "$E2E_STATE/comments.json" >"$phrases" <<'PY' || { fail "no phrases"; finish; }
import json, random, re, sys, unicodedata
texts = [re.sub(r"<[^>]*>", "", c["content"]) for c in json.load(open(sys.argv[1]))]
# What people type: the mock's hostile texts hold escapes and controls, which are keys.
typable = lambda line: not any(unicodedata.category(c).startswith("C") for c in line)
lines = [l.strip() for t in texts for l in t.split("\n") if len(l.strip()) >= 16 and typable(l)]
rng = random.Random(29)
phrases = ["Thanks for writing this. The", "less, but better and more"]
# Openings of comments first (the phrase of the issue), then pieces from anywhere.
for line in lines[:60]:
    phrases.append(line[:rng.randint(16, min(60, len(line)))].strip())
while len(phrases) < 200:
    line = rng.choice(lines)
    length = rng.randint(16, min(60, len(line)))
    start = rng.randint(0, len(line) - length)
    phrases.append(line[start:start + length].strip())
# What the search line must show for each: its first letters, digits, punctuation and
# spaces (up to 12), where tmux shows what was typed as it is (it drops skin tones, say).
def shown(phrase):
    out = ""
    for c in phrase[:12]:
        if ord(c) > 0xFFFF or unicodedata.category(c)[0] not in "LNPZ" or unicodedata.east_asian_width(c) in "WF": break
        out += c
    return out or "Enter keep"
for phrase in phrases[:200]:
    print(phrase + "\t" + shown(phrase))
PY
count=$(wc -l < "$phrases")
check "200 phrases ($count)" [ "$count" -eq 200 ]
start 200 30 --mock-size 300
wait_for "comment #" 15 || finish
pid=$(parley_pid)
keys /
typed=0
while IFS=$'\t' read -r phrase seen; do
  # "--": a phrase may start with "-" (lib.sh's type_text would pass it as a flag).
  tmuxc send-keys -t "$E2E_SESSION" -l -- "$phrase"
  # The search line shows it (its first characters that tmux shows as typed); parley is
  # the same process.
  if [ "$seen" = "Enter keep" ]; then wait_for "$seen" 5; else wait_for "/$seen" 5; fi \
    || { fail "phrase $((typed + 1)): $phrase"; break; }
  if [ ! -d "/proc/$pid" ]; then fail "parley died on: $phrase"; break; fi
  keys C-u
  typed=$((typed + 1))
done < "$phrases"
check "all 200 phrases typed ($typed)" [ "$typed" -eq 200 ]
# Every key before it handled: the last phrase was searched too.
type_text "end of the phrases"
wait_for "/end of the phrases" 5
check "parley still runs" [ -d "/proc/$pid" ]
keys Escape
sleep 0.2
keys q
wait_for "EXIT:0" 10
finish
