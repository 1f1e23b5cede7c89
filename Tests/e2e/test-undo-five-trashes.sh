#!/usr/bin/env bash
# Undo is a stack: five trashes are undone by five z, newest first; a sixth has nothing to undo.
. "$(dirname "$0")/lib.sh"

start 132 40
wait_for "comment #" 15 || finish
# The rest of the site loads in the background: count once it is all in.
wait_for "shown of" 30 || finish
shown=$(screen | head -n 1 | grep -oE '[0-9]+ shown' | head -n 1)
ids=()
for _ in 1 2 3 4 5; do
  target=$(line_with "comment #" | grep -oE 'comment #[0-9]+')
  ids+=("$target")
  keys d
  wait_gone_id "$target" 5 || finish
done
wait_for "moved to the trash" 10 || finish
# A z while its trash is still on its way only says "Wait": as a user would, wait for the
# spinner to stop.
wait_idle || finish
for index in 4 3 2 1 0; do
  keys z
  wait_for_id "${ids[$index]}" 10 || finish
done
wait_for "Undone: trash of" 10 || finish
wait_for "$shown" 10 || finish
# And the undos' own writes answered before q, which would otherwise ask to be pressed twice.
wait_idle || finish
keys z
wait_for "Nothing to undo" 5 || finish
keys q
wait_for "EXIT:0" 5
finish
