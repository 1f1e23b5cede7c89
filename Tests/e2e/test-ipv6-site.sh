#!/usr/bin/env bash
# An IPv6 literal address works end to end: --site http://[::1]:PORT/site-1 discovers the
# REST base, logs in (::1 is loopback, so the password may go over plain HTTP) and lists.
# It used to fail with "network error -1000": Linux's URLSession refuses IPv6 literal hosts.
. "$(dirname "$0")/lib.sh"
if ! ip -6 addr show lo 2>/dev/null | grep -q '::1/128'; then
  echo "  SKIP: no IPv6 loopback (::1) on this machine"
  finish
fi
start_mock_server --host ::1 --user editor --password "abcd efgh ijkl" || finish
grep -q "listening on \[::1\]:$MOCK_PORT" "$E2E_STATE/mock-server.out" || fail "the mock does not say it listens on [::1]: $(cat "$E2E_STATE/mock-server.out")"
E2E_ENV="PARLEY_APP_PASSWORD='abcd efgh ijkl'" start 132 40 --site "http://[::1]:$MOCK_PORT/site-1" --user editor
wait_for "parley · Field Notes" 15 || finish
wait_for "comment #" 15 || finish
check "no network error" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qE 'Could not|network error'"
keys r
wait_for "Reply to" || finish
type_text "Posted over IPv6"
keys C-s
wait_for "Reply posted." 10 || finish
keys q
wait_for "EXIT:0" 5
finish
