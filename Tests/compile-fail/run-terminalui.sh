#!/usr/bin/env bash
# Proves that nothing in parley but UIStore's own reducer can compile a write to the
# interface's state.
#
# TerminalUI's API has `package` access, which code outside the package cannot see at
# all — not even to read the state. The code that could write it is the package's own
# (the `parley` executable, the views, the benchmarks), so each file here is type-checked
# as a module of the package: with the `-package-name` SwiftPM gave TerminalUI. Each
# cases-terminalui/ui-*.swift tries one way to write and must be refused with the message
# in its `// expect:` line; compiles-terminalui.swift reads, subscribes and dispatches
# through the same setup and must compile, so a refusal is access at work, not a broken
# setup. Type-checks against the debug build: run `swift build --target TerminalUI` first.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
SWIFT=${SWIFT:-swift}
bin=$(cd "$root" && $SWIFT build ${SWIFT_FLAGS:-} --show-bin-path)
modules="$bin/Modules"
if [ ! -f "$modules/TerminalUI.swiftmodule" ]; then
  echo "compile-fail: no TerminalUI module in $modules; build it with: swift build --target TerminalUI" >&2
  exit 1
fi
# The package name is the checkout directory's (a clone in ./parley is "parley"): read the
# one SwiftPM used from its build description.
description="$(cd "$bin/../.." && pwd)/$(basename "$bin").yaml"
package=$(sed -n '/"-module-name","TerminalUI"/{s/.*"-package-name","\([^"]*\)".*/\1/p;q;}' "$description" 2>/dev/null || true)
if [ -z "$package" ]; then
  echo "compile-fail: cannot find TerminalUI's -package-name in $description" >&2
  exit 1
fi
typecheck() {
  "${SWIFTC:-swiftc}" -typecheck -swift-version 6 -I "$modules" -package-name "$package" \
    -Xcc -fmodule-map-file="$root/Sources/CNcurses/module.modulemap" \
    -Xcc -fmodule-map-file="$root/Sources/CZstd/module.modulemap" "$1" 2>&1
}

. "$here/judge.sh"
judge "$here/compiles-terminalui.swift" "$here"/cases-terminalui/ui-*.swift
