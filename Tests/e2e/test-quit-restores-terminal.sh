#!/usr/bin/env bash
# q, Ctrl-C and SIGTERM each leave the terminal as they found it (canonical mode, echo on).
. "$(dirname "$0")/lib.sh"
for how in q C-c TERM; do
  start 100 30
  wait_for "A " 15 || finish
  if [ "$how" = TERM ]; then
    pid=$(parley_pid) || { fail "no parley process in the pane"; finish; }
    kill -TERM "$pid"
  else
    keys "$how"
  fi
  wait_for "EXIT:0" 5 || finish
  wait_for "canon" 5 || finish   # the stty line follows the exit status
  check "terminal restored after $how" bash -c "tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qE '(^| )icanon .*echo|echo .*(^| )icanon'"
  check "no raw mode left after $how" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qE -- '-icanon|-echo '"
  tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null
done
finish
