#!/usr/bin/env bash
# A reply the server refuses stays in the list with its text, marked as failed; r sends it again.
. "$(dirname "$0")/lib.sh"
start 132 40 --fail-rate 1 --fail-writes-only
wait_for "comment #" 15 || finish
keys r
wait_for "Reply to" || finish
type_text "Words that must not be lost"
keys C-s
wait_for "Reply failed, your text is kept" 10 || finish
wait_for "Words that must not be lost" 5 || finish
keys q
wait_for "EXIT:0" 5
finish
