#!/usr/bin/env bash
# parley comment against parley-mock-server over HTTP, logged in with password_command:
# the wp-cli pipeline `list --format ids | delete --force -`, each subcommand, exit statuses
# (0 all done, 1 any failed, 2 usage), partial failure, --dry-run, --yes, and output that is
# data only on stdout (no terminal: plain table, nothing else).
. "$(dirname "$0")/lib.sh"
start_mock_server --user editor --password "abcd efgh" --account "writer:wxyz 1234:author" --mock-size 120 || finish
notes_config
out="$E2E_STATE/out"; err="$E2E_STATE/err"

# p ARGS…: parley comment ARGS on the site, stdout to $out, stderr to $err; sets $status.
p() { env XDG_STATE_HOME="$E2E_STATE" XDG_CONFIG_HOME="$E2E_STATE/none" "$PARLEY_BIN" comment "$@" --config "$config" >"$out" 2>"$err"; status=$?; }
# expect_status N WHAT: the last command ended with N.
expect_status() { [ "$status" -eq "$1" ] || fail "$2: exit status $status, expected $1 (stderr: $(cat "$err"))"; }
# same TEXT FILE WHAT
same() { [ "$1" = "$(cat "$2")" ] || fail "$3: got “$(head -c 300 "$2")”, expected “$1”"; }

# The pipeline: every spam comment deleted for good.
p list --status spam --format ids; expect_status 0 "list spam ids"
spam=$(cat "$out")
[ -n "$spam" ] || fail "the mock has spam to purge"
count=$(echo $spam | wc -w)
env XDG_STATE_HOME="$E2E_STATE" "$PARLEY_BIN" comment list --status spam --format ids --config "$config" \
  | env XDG_STATE_HOME="$E2E_STATE" "$PARLEY_BIN" comment delete --force --yes - --config "$config" >"$out" 2>"$err"
status=$?; expect_status 0 "the purge pipeline"
[ "$(grep -c '^Success: Deleted comment [0-9]*\.$' "$out")" -eq "$count" ] || fail "one Success line per comment: $(cat "$out")"
[ "$(wc -l < "$out")" -eq "$count" ] || fail "no summary line (as wp-cli): $(cat "$out")"
[ -s "$err" ] && fail "nothing on stderr: $(cat "$err")"
p list --status spam --format count; expect_status 0 "count after"; same "0" "$out" "no spam left"
p count --format json; expect_status 0 "count json"
grep -q '"spam":0' "$out" || fail "count says no spam: $(cat "$out")"

# More than 20 destructive changes from a pipe need --yes.
p list --status approved --format ids --limit 21; ids=$(cat "$out")
echo "$ids" | env XDG_STATE_HOME="$E2E_STATE" "$PARLEY_BIN" comment trash - --config "$config" >"$out" 2>"$err"; status=$?
expect_status 2 "21 trashes without --yes"
[ -s "$out" ] && fail "nothing on stdout when refusing: $(cat "$out")"
[ "$(wc -l < "$err")" -eq 1 ] || fail "one line on stderr: $(cat "$err")"

# --dry-run changes nothing.
first=$(echo $ids | cut -d' ' -f1); second=$(echo $ids | cut -d' ' -f2)
p spam "$first" "$second" --dry-run; expect_status 0 "dry run"
same "Would mark comment $first as spam.
Would mark comment $second as spam." "$out" "dry-run lines"
p get "$first" --field status; same "approved" "$out" "still approved after the dry run"

# Partial failure: one id that does not exist.
p spam "$first" 999999 "$second"; expect_status 1 "partial failure"
same "Success: Marked comment $first as spam.
Success: Marked comment $second as spam." "$out" "success lines in order"
grep -qx "Error: Could not mark comment 999999 as spam: Invalid comment ID." "$err" || fail "the failure in words: $(cat "$err")"
p unspam "$first"; expect_status 0 "unspam"; same "Success: Unspammed comment $first." "$out" "unspam line"
p get "$first" --field status; same "approved" "$out" "unspam restores approved"
for verb in unapprove approve trash untrash; do
  p "$verb" "$first"; expect_status 0 "$verb"
done
p get "$first" --field status; same "approved" "$out" "back where it was"

# Reply (text from stdin) and edit.
echo "Thanks from a script" | env XDG_STATE_HOME="$E2E_STATE" "$PARLEY_BIN" comment reply "$first" --content - --config "$config" >"$out" 2>"$err"
status=$?; expect_status 0 "reply"
reply=$(grep -oE 'Created comment [0-9]+' "$out" | grep -oE '[0-9]+$')
[ -n "$reply" ] || fail "the reply's id: $(cat "$out")"
p get "$reply" --field content; same "Thanks from a script" "$out" "the reply's text"
p get "$reply" --field parent; same "$first" "$out" "the reply's parent"
p edit "$reply" --content "Edited by a script"; expect_status 0 "edit"
p get "$reply" --field content; same "Edited by a script" "$out" "the edited text"

# Approving what a known address wrote (the address of a held comment, read from the API).
email=$(MOCK_PORT=$MOCK_PORT python3 -c '
import base64, json, os, urllib.request
request = urllib.request.Request("http://127.0.0.1:%s/site-1/wp-json/wp/v2/comments?status=hold&context=edit&per_page=1" % os.environ["MOCK_PORT"],
                                 headers={"Authorization": "Basic " + base64.b64encode(b"editor:abcd efgh").decode()})
print(json.load(urllib.request.urlopen(request))[0]["author_email"])')
[ -n "$email" ] || fail "a held comment's address"
p list --status hold --author-email "$email" --format count; held=$(cat "$out")
[ "$held" -ge 1 ] || fail "held comments from $email: $held"
env XDG_STATE_HOME="$E2E_STATE" "$PARLEY_BIN" comment list --status hold --author-email "$email" --format ids --config "$config" \
  | env XDG_STATE_HOME="$E2E_STATE" "$PARLEY_BIN" comment approve - --config "$config" >"$out" 2>"$err"
status=$?; expect_status 0 "approve a known address"
[ "$(grep -c '^Success: Approved comment' "$out")" -eq "$held" ] || fail "one line per held comment: $(cat "$out")"
p list --status hold --author-email "$email" --format count; same "0" "$out" "nothing held from $email"

# Not a terminal: the table is tab-separated, with a header, data only.
p list --limit 3 --fields id,status; expect_status 0 "plain table"
[ "$(head -n 1 "$out")" = "$(printf 'id\tstatus')" ] || fail "tab-separated header: $(head -n 1 "$out")"
[ "$(wc -l < "$out")" -eq 4 ] || fail "header and three rows: $(cat "$out")"

# Usage mistakes: status 2, one line on stderr, nothing on stdout.
for args in "list --format nope" "spam 12x" "list --fields id,colour" "get"; do
  p $args; expect_status 2 "usage: $args"
  [ -s "$out" ] && fail "usage ($args): nothing on stdout: $(cat "$out")"
  [ "$(wc -l < "$err")" -eq 1 ] || fail "usage ($args): one line on stderr: $(cat "$err")"
done
# A comment that does not exist: status 1, one sentence.
p get 999999; expect_status 1 "get missing"
same "Error: Invalid comment ID." "$err" "missing comment in words"

# An author may not read the edit context: the list falls back to the view context.
PARLEY_APP_PASSWORD="wxyz 1234" XDG_CONFIG_HOME="$E2E_STATE/none" "$PARLEY_BIN" comment list --site "http://127.0.0.1:$MOCK_PORT/site-1" \
  --user writer --status approved --limit 2 --format ids >"$out" 2>"$err"; status=$?
expect_status 0 "an author lists approved comments"
grep -qE '^[0-9]+ [0-9]+$' "$out" || fail "two ids for the author: $(cat "$out")"

# A wrong password is said before anything is done.
sed -i "s/printf 'abcd efgh'/printf wrong/" "$config"
p approve "$first"; expect_status 1 "wrong password"
same "Error: The site did not accept the user name and application password." "$err" "wrong password in words"
finish
