#!/usr/bin/env bash
# parley comment on the embedded mock (no site anywhere): the binary's own exit statuses and
# streams, stdin ids, the completion scripts — and parley with no subcommand still being the
# TUI's command line (its options parse as before).
. "$(dirname "$0")/lib.sh"
export XDG_STATE_HOME="$E2E_STATE" XDG_CONFIG_HOME="$E2E_STATE/none"
out="$E2E_STATE/out"; err="$E2E_STATE/err"
p() { "$PARLEY_BIN" "$@" >"$out" 2>"$err" </dev/null; status=$?; }

p comment list --status spam --format ids --mock-size 50
[ "$status" -eq 0 ] || fail "list: status $status ($(cat "$err"))"
grep -qE '^[0-9]+( [0-9]+)*$' "$out" || fail "ids on one line: $(cat "$out")"
first=$(cut -d' ' -f1 "$out")
p comment get "$first" --field status --mock-size 50
[ "$(cat "$out")" = "spam" ] || fail "get --field status: $(cat "$out")"
echo "$first 99999" | "$PARLEY_BIN" comment untrash - --mock-size 50 >"$out" 2>"$err"; status=$?
[ "$status" -eq 1 ] || fail "a failed write is status 1, got $status"
p comment count --format yaml --mock-size 50
grep -qE '^total: [0-9]+$' "$out" || fail "count as YAML: $(cat "$out")"
p comment list --colour
[ "$status" -eq 2 ] || fail "an unknown option is status 2, got $status"
[ "$(wc -l < "$err")" -eq 1 ] && [ ! -s "$out" ] || fail "one line on stderr, nothing on stdout: $(cat "$err")"

for shell in bash zsh fish; do
  p --generate-completion-script "$shell"
  [ "$status" -eq 0 ] && grep -q "comment" "$out" || fail "a $shell completion script that knows comment"
done

# The TUI's options still parse (it then stops: stdin is not a terminal).
p --mock-size 5 --latency 10
[ "$status" -eq 1 ] && grep -q "interactive terminal" "$err" || fail "parley --mock-size: status $status ($(cat "$err"))"
p --site "ftp://example.com"
[ "$status" -eq 2 ] || fail "a bad --site is a usage mistake: status $status"
finish
