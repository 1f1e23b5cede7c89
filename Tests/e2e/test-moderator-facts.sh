#!/usr/bin/env bash
# A moderator's facts over real HTTP: an administrator's detail pane shows the author's
# e-mail, IP and browser with each address's history on the site (asked of the site); an
# author is told in one line why there are none, and still gets the approved comments.
. "$(dirname "$0")/lib.sh"
start_mock_server --user admin --password "abcd efgh ijkl" --account "ann:mnop qrst:author" || finish

E2E_ENV="PARLEY_APP_PASSWORD='abcd efgh ijkl'" start 132 40 --site "http://127.0.0.1:$MOCK_PORT/site-1" --user admin
wait_for "comment #" 15 || finish
past_pings
wait_for "E-mail: " 15 || finish
wait_for "IP: " 5 || finish
wait_for "Browser: " 5 || finish
# The history arrives from the site: counts by status, or the first comment's words.
deadline=$(( $(date +%s) + 10 ))
until screen | grep -qE "approved · [0-9]+ pending|first comment from this address"; do
  [ "$(date +%s)" -lt "$deadline" ] || { fail "no history of the address"; break; }
  sleep 0.05
done
# Each address's history is its own requests: the e-mail's may still be on its way when the
# IP's is in. Both must arrive.
deadline=$(( $(date +%s) + 15 ))
while screen | grep -q 'counting…'; do
  [ "$(date +%s)" -lt "$deadline" ] || { fail "no counting left"; break; }
  sleep 0.05
done
keys q
wait_for "EXIT:0" 5
tmuxc kill-session -t "$E2E_SESSION" 2>/dev/null

E2E_ENV="PARLEY_APP_PASSWORD='mnop qrst'" start 132 40 --site "http://127.0.0.1:$MOCK_PORT/site-1" --user ann
wait_for "Signed in as an author: e-mails and IPs are not shown" 15 || finish
wait_for "comment #" 15 || finish
check "an author sees no e-mail" sh -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -q 'E-mail: '"
check "an author sees no pending comment" sh -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -q '^ P '"
keys q
wait_for "EXIT:0" 5
finish
