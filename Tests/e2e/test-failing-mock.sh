#!/usr/bin/env bash
# With every request failing, the error is shown in words and a reply keeps its text.
. "$(dirname "$0")/lib.sh"
start 132 40 --fail-rate 1
wait_for "Could not load comments" 15 || finish
# Nothing loaded, so open a site that can load: the failure must not have killed the app.
keys R
wait_for "Could not load comments" 15 || finish
keys q
wait_for "EXIT:0" 5
finish
