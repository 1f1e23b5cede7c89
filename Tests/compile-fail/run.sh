#!/usr/bin/env bash
# Proves that nothing outside a FluxStore can compile a write to its state, nor anything
# outside CommentsKit a write to CommentsKit's stores.
#
# Each cases/*.swift tries one way to write and must be refused by the compiler with the
# message in its `// expect:` line; compiles.swift reads, queries and dispatches and must
# compile (so a refusal is the rule at work, not a broken setup). Type-checks against the
# Flux and CommentsKit modules of the debug build: run `swift build --target CommentsKit`
# first (it builds Flux too; make compile-fail does).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
SWIFT=${SWIFT:-swift}
bin=$(cd "$root" && $SWIFT build ${SWIFT_FLAGS:-} --show-bin-path)
modules="$bin/Modules"
for module in Flux CommentsKit; do
  if [ ! -f "$modules/$module.swiftmodule" ]; then
    echo "compile-fail: no $module module in $modules; build it with: swift build --target CommentsKit" >&2
    exit 1
  fi
done
# CommentsKit imports the system library CZstd: its module map is found through -I.
typecheck() { "${SWIFTC:-swiftc}" -typecheck -swift-version 6 -I "$modules" -I "$root/Sources/CZstd" "$1" 2>&1; }

. "$here/judge.sh"
judge "$here/compiles.swift" "$here"/cases/*.swift
