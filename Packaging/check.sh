#!/usr/bin/env bash
# Checks what `make dist` made: the packaged binary loads no Swift library (`ldd` lists no
# libswift*), and `parley --version` and `parley comment --help` run with the Swift
# toolchain's directories hidden (a mount namespace with an empty directory over each, when
# unshare may; else only the ldd check and a run with no library path). The .deb's contents
# are checked too (binary, man page, completions). Exit status 0 when all holds.
set -uo pipefail
cd "$(dirname "$0")/../.build/dist" || { echo "check: no .build/dist (run make dist)"; exit 1; }
failed=0
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "check: FAIL: $*"; failed=1; }
bin=$(ls -d parley-*/bin/parley 2>/dev/null | head -n 1)
[ -x "$bin" ] || { echo "check: no binary in the tarball's tree"; exit 1; }
deb=$(ls parley_*.deb 2>/dev/null | head -n 1)

ldd "$bin" | grep -q 'libswift\|libFoundation\|libdispatch' && fail "ldd lists Swift libraries: $(ldd "$bin" | grep 'swift\|Foundation\|dispatch')"
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
run() { env -i PATH=/usr/bin:/bin HOME=/tmp LD_LIBRARY_PATH= "$@"; }
if [ -n "$toolchain" ] && unshare -m true 2>/dev/null; then
  hidden=$(mktemp -d)
  run_hidden() { unshare -m sh -c "mount --bind '$hidden' '$toolchain' && exec \"\$@\"" sh "$@"; }
  run_hidden "$bin" --version > "$scratch/version" 2>&1 || fail "--version with the toolchain hidden: $(cat "$scratch/version")"
  run_hidden "$bin" comment --help > "$scratch/help" 2>&1 || fail "comment --help with the toolchain hidden: $(head -3 "$scratch/help")"
  rmdir "$hidden"
else
  run "$bin" --version > "$scratch/version" 2>&1 || fail "--version: $(cat "$scratch/version")"
  run "$bin" comment --help > "$scratch/help" 2>&1 || fail "comment --help: $(head -3 "$scratch/help")"
fi
grep -qE '^parley [0-9.]+ \(commit [0-9a-f]{12}\)$' "$scratch/version" || fail "--version says the version and the commit: $(cat "$scratch/version")"
grep -q 'create' "$scratch/help" || fail "comment --help lists the subcommands"
if [ -n "$deb" ]; then
  contents=$(dpkg-deb -c "$deb")
  for path in ./usr/bin/parley ./usr/share/man/man1/parley.1 ./usr/share/bash-completion/completions/parley \
              ./usr/share/zsh/site-functions/_parley ./usr/share/fish/vendor_completions.d/parley.fish; do
    grep -qF " $path" <<< "$contents" || fail "the package holds $path"
  done
  dpkg-deb -f "$deb" Depends | grep -q . || fail "the package names its dependencies"
else
  fail "no .deb"
fi
[ "$failed" -eq 0 ] && echo "check: the packaged parley runs without Swift ($(cat "$scratch/version"))"
exit "$failed"
