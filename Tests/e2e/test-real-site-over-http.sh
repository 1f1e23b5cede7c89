#!/usr/bin/env bash
# The real-site path over real HTTP: parley finds the REST base from the site root, logs in
# with an application password from PARLEY_APP_PASSWORD, lists, and posts a reply. A wrong
# password is reported in words (WordPress would silently treat it as anonymous).
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh ijkl" || finish
E2E_ENV="PARLEY_APP_PASSWORD='abcd efgh ijkl'" start 132 40 --site "http://127.0.0.1:$MOCK_PORT/site-1" --user editor
wait_for "parley · Field Notes" 15 || finish
wait_for "comment #" 15 || finish
keys r
wait_for "Reply to" || finish
type_text "Posted over real HTTP"
keys C-s
wait_for "Reply posted." 10 || finish
keys q
wait_for "EXIT:0" 5
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null

E2E_ENV="PARLEY_APP_PASSWORD=wrong" start 132 40 --site "http://127.0.0.1:$MOCK_PORT/site-1" --user editor
wait_for "Not logged in on Field Notes" 15 || finish
keys q
wait_for "EXIT:0" 5
finish
