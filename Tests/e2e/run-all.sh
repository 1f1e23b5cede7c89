#!/usr/bin/env bash
# Runs every end-to-end script in this folder against $PARLEY_BIN; prints a closing
# "N passed, N failed" line.
set -u
here=$(cd "$(dirname "$0")" && pwd)
passed=0; failed=0
for t in "$here"/test-*.sh; do
  [ -e "$t" ] || continue
  name=$(basename "$t" .sh)
  if bash "$t"; then echo "e2e: ok   $name"; passed=$((passed+1)); else echo "e2e: FAIL $name"; failed=$((failed+1)); fi
done
echo "e2e: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
