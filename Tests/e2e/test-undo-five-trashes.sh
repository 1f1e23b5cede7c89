#!/usr/bin/env bash
# Undo is a stack: five trashes are undone by five z, newest first; a sixth has nothing to undo.
. "$(dirname "$0")/lib.sh"

# shows_id "comment #N": whether the screen shows exactly that id (not #N0, #N1…).
shows_id() { screen | grep -qE -- "$1([^0-9]|\$)"; }

# wait_for_id "comment #N" [SECONDS] / wait_gone_id: wait_for and wait_gone for one exact id.
wait_for_id() {
  local limit=${2:-10}
  local deadline=$(( $(date +%s%N) + limit * 1000000000 ))
  while [ "$(date +%s%N)" -lt "$deadline" ]; do shows_id "$1" && return 0; sleep 0.05; done
  fail "timed out waiting for: $1"
  return 1
}
wait_gone_id() {
  local limit=${2:-10}
  local deadline=$(( $(date +%s%N) + limit * 1000000000 ))
  while [ "$(date +%s%N)" -lt "$deadline" ]; do shows_id "$1" || return 0; sleep 0.05; done
  fail "timed out waiting for this to go: $1"
  return 1
}
start 132 40
wait_for "comment #" 15 || finish
shown=$(screen | head -n 1 | grep -oE '[0-9]+ shown' | head -n 1)
ids=()
for _ in 1 2 3 4 5; do
  target=$(line_with "comment #" | grep -oE 'comment #[0-9]+')
  ids+=("$target")
  keys d
  wait_gone_id "$target" 5 || finish
done
wait_for "moved to the trash" 10 || finish
for index in 4 3 2 1 0; do
  keys z
  wait_for_id "${ids[$index]}" 10 || finish
done
wait_for "Undone: trash of" 10 || finish
wait_for "$shown" 10 || finish
keys z
wait_for "Nothing to undo" 5 || finish
keys q
wait_for "EXIT:0" 5
finish
