# Shared by run.sh and run-terminalui.sh (sourced): `judge CONTROL CASE...` type-checks each
# file with the caller's `typecheck FILE` (which prints what the compiler said and fails when
# it refuses). CONTROL must compile, so a refusal is the rule at work, not a broken setup;
# each CASE must be refused with the message in its `// expect:` line. Exits 1 if any is not.
judge() {
  local control=$1 failed=0 file name expected out
  shift
  if ! out=$(typecheck "$control"); then
    echo "FAIL $(basename "$control") does not compile:"; echo "$out"; failed=1
  else
    echo "ok   $(basename "$control") compiles"
  fi
  for file in "$@"; do
    name=$(basename "$file")
    expected=$(sed -n 's#^// expect: ##p' "$file")
    if out=$(typecheck "$file"); then
      echo "FAIL $name compiled; it must not"; failed=1
    elif [ -n "$expected" ] && ! grep -qF -- "$expected" <<<"$out"; then
      echo "FAIL $name was refused, but not with \"$expected\":"; echo "$out"; failed=1
    else
      echo "ok   $name refused ($expected)"
    fi
  done
  exit $failed
}
