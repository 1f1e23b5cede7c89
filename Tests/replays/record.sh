#!/usr/bin/env bash
# Records the sessions the replay tests play back, in one command:
#
#   Tests/replays/record.sh [NAME…]      (default: every session below)
#
# Each session runs the real parley in tmux with PARLEY_RECORD, types the keys written
# below, waits until nothing more happens (the screen and the recording stay the same for
# a second), captures the screen, and quits. It writes Tests/replays/NAME.jsonl (the
# recording) and Tests/replays/NAME.screen.txt (the live session's last screen): the replay
# test (Tests/ParleyTests/RecordedSessionTests.swift) and test-replay.sh then check that
# replaying the recording lands on that very screen. Re-run it whenever the actions change
# shape (a new case, a renamed payload), and read the new screens before committing.
#
# PARLEY_BIN defaults to the debug build (swift build --product parley first).
set -u
here=$(cd "$(dirname "$0")" && pwd)
export PARLEY_BIN=${PARLEY_BIN:-$(cd "$here/../.." && swift build --show-bin-path)/parley}
. "$here/../e2e/lib.sh"

WIDTH=120
HEIGHT=30

# settle FILE: waits until the screen and FILE have not changed for a second.
settle() {
  local last="" current attempt
  for attempt in $(seq 1 60); do
    current="$(screen)|$(stat -c %s "$1" 2>/dev/null)"
    [ "$current" = "$last" ] && return 0
    last=$current
    sleep 1
  done
  fail "the session never settled"
  return 1
}

# first_of A B SECONDS: prints whichever of A and B the screen shows first (nothing if
# neither shows in time).
first_of() {
  local deadline=$(( $(date +%s%N) + $3 * 1000000000 )) text
  while [ "$(date +%s%N)" -lt "$deadline" ]; do
    text=$(screen)
    if grep -qF -- "$1" <<<"$text"; then echo "$1"; return; fi
    if grep -qF -- "$2" <<<"$text"; then echo "$2"; return; fi
    sleep 0.05
  done
}

# begin NAME [parley args…]: starts parley recording to NAME.jsonl.
begin() {
  local name=$1; shift
  RECORDING="$E2E_STATE/$name.jsonl"
  # A session of its own: the previous one's tmux server may still be going away.
  E2E_SESSION="parley-record-$name-$$-$RANDOM"
  E2E_ENV="PARLEY_RECORD='$RECORDING'" start "$WIDTH" "$HEIGHT" "$@"
}

# end NAME: waits for quiet, keeps the screen and the recording, quits.
end() {
  local name=$1
  settle "$RECORDING" || return 1
  screen > "$E2E_STATE/$name.screen.txt"
  keys q
  wait_for "EXIT:0" 5 || return 1
  tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null
  [ -s "$RECORDING" ] || { fail "no recording was written"; return 1; }
  cp "$RECORDING" "$here/$name.jsonl"
  cp "$E2E_STATE/$name.screen.txt" "$here/$name.screen.txt"
  echo "recorded $name: $(($(wc -l < "$here/$name.jsonl") - 1)) actions"
}

# Every write fails (a WordPress 500): a trash and an approval come back where they were.
moderation_rollback() {
  begin moderation-rollback --fail-rate 1 --fail-writes-only --latency 100
  wait_for "comment #" 15 || return 1
  keys j j
  keys d
  wait_for "Trash failed" 10 || return 1
  keys j u
  wait_for "Unapprove failed" 10 || return 1
  end moderation-rollback
}

# A reply whose first send fails (a 500) and whose retry gets through. The mock draws its
# faults in request order, so once the start-up requests are all done (settle) a fail rate
# decides both sends; the first rate (of REPLY_FAIL_RATES) that fails the first and serves
# the second is kept — 0.4 today (seed 1: the 13th draw is under it, the 14th over).
reply_retry() {
  local rate reloads outcome
  # The mock's faults follow its seed and the number of requests made, so whether the first
  # send fails and the retry gets through depends on the rate and on how many requests come
  # between them: try rates, and reloads (R) before the retry, until one pair gives both.
  for reloads in 0 1 2 3; do
    for rate in ${REPLY_FAIL_RATES:-0.4 0.3 0.5 0.6 0.2 0.7}; do
      begin reply-retry --fail-rate "$rate" --fail-writes-only
      wait_for "comment #" 15 || return 1
      settle "$RECORDING" || return 1
      keys j
      keys r
      wait_for "Reply to" 5 || return 1
      type_text "Thanks, noted for the next edition."
      keys C-s
      outcome=$(first_of "Reply failed, your text is kept" "Reply posted" 10)
      if [ "$outcome" = "Reply failed, your text is kept" ]; then
        local i
        for ((i = 0; i < reloads; i++)); do keys R; settle "$RECORDING" || return 1; done
        # The failed reply sits under the comment it answers: r on it opens its text again,
        # and Ctrl-S sends it.
        keys g j j r
        wait_for "Thanks, noted for the next edition." 5 || return 1
        keys C-s
        if [ "$(first_of "Reply posted" "Reply failed" 10)" = "Reply posted" ]; then
          end reply-retry
          return
        fi
      fi
      echo "fail rate $rate, $reloads reloads: not a failed send then a retry that got through (first send: ${outcome:-no answer}); trying the next" >&2
      tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null
    done
  done
  fail "no fail rate gave a failed send and a retry that got through"
  return 1
}

# Filters and search: Spam on in the Status group; to the next site and back (the filters
# come back from where they were saved); then a search narrows the list.
filter_search() {
  begin filter-search
  wait_for "comment #" 15 || return 1
  keys f
  wait_for "Filters" 5 || return 1
  keys Enter
  keys j j j Space
  keys f
  wait_for "FILTERED" 5 || return 1
  keys ]
  wait_for "[2/3]" 5 || return 1
  wait_gone "FILTERED" 5 || return 1
  settle "$RECORDING" || return 1
  keys [
  wait_for "[1/3]" 5 || return 1
  wait_for "FILTERED" 5 || return 1
  keys /
  type_text "the"
  keys Enter
  keys j
  end filter-search
}

sessions=${*:-moderation_rollback reply_retry filter_search}
for session in $sessions; do
  "${session//-/_}" || fail "session $session"
done
finish
