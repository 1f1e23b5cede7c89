#!/usr/bin/env bash
# parley --replay plays a recorded session (Tests/replays, made by Tests/replays/record.sh)
# and lands on the screen the live session ended on: every line but the last is the same,
# and the last keeps the live status with "replay finished · q quits" over the key hints.
# Other keys do nothing; q quits. A file that is not a recording is refused with its line, and
# a recording path that cannot be written is one sentence while parley runs on.
. "$(dirname "$0")/lib.sh"
replays="$(cd "$(dirname "$0")/../replays" && pwd)"

for name in moderation-rollback reply-retry filter-search; do
  expected="$replays/$name.screen.txt"
  height=$(wc -l < "$expected")
  start 120 "$height" --replay "$replays/$name.jsonl"
  wait_for "replay finished · q quits" 10 || finish
  # Keys that would act in a live session change nothing here.
  keys j d r
  sleep 0.3  # nothing to wait for: they must change nothing, so give them time to (not) do it
  check "$name: the replay shows the live session's last screen" \
    diff <(screen | head -n $((height - 1))) <(head -n $((height - 1)) "$expected")
  status=$(tail -n 1 "$expected" | cut -c1-60 | sed 's/ *$//')
  check "$name: the status line is the live one" bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | tail -n 1 | grep -qF -- '$status'"
  keys q
  wait_for "EXIT:0" 5 || finish
  wait_for "parley: replayed" 5 || finish
  tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null
  E2E_SESSION="$E2E_SESSION-next"
done

# A recording that cannot be written is one sentence on the status line; parley runs on.
E2E_ENV="PARLEY_RECORD=/nonexistent/dir/session.jsonl" start 200 30
wait_for "Cannot record the session to /nonexistent/dir/session.jsonl (no such file or directory): parley runs without recording." 10 || finish
wait_for "comment #" 15 || finish
keys q
wait_for "EXIT:0" 5 || finish
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null
E2E_SESSION="$E2E_SESSION-bad"

bad="$E2E_STATE/bad.jsonl"
head -n 2 "$replays/filter-search.jsonl" > "$bad"
echo '{"action":{},"t":1,"type":"SpaceAction"}' >> "$bad"
start 200 10 --replay "$bad"
wait_for "EXIT:1" 5 || finish
check "a bad recording is refused with its line" bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF 'line 3: the action type SpaceAction is unknown to this parley.'"
finish
