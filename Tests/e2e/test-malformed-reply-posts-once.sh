#!/usr/bin/env bash
# The site posts a reply but its answer is unreadable: parley asks the site, shows the
# reply as posted, it is there once after a reload, and no draft is kept on quitting.
. "$(dirname "$0")/lib.sh"
start 132 40 --malformed create
wait_for "comment #" 15 || finish
keys r
wait_for "Reply to" || finish
marker="Zebra-marker-$RANDOM posted once"
type_text "$marker"
keys C-s
wait_for "Reply posted" 10 || finish
keys R
wait_for "$marker" 10 || finish
# Count in the list column only (the detail pane may show the reply too).
count=$(screen | cut -c1-72 | grep -cF "${marker:0:18}")
check "the reply is listed exactly once (found $count)" test "$count" -eq 1
check "no failure was reported" bash -c "! tmux -S '$E2E_SOCKET' capture-pane -p -t '$E2E_SESSION' | grep -qF 'Reply failed'"
keys q
wait_for "EXIT:0" 5 || finish
drafts=$(find "$E2E_STATE/parley" -path '*drafts*' -type f 2>/dev/null | wc -l)
check "no draft is kept (found $drafts)" test "$drafts" -eq 0
finish
