#!/usr/bin/env bash
# `make dist`: parley for machines without Swift, under .build/dist: a tarball (bin/, share/
# under parley-VERSION/) and a Debian package. The release binary has the Swift runtime linked
# in (--static-swift-stdlib); the man page and the bash, zsh and fish completions come with it.
# The commit is stamped into Sources/parley/ParleyVersion.swift for the build, and the file put
# back after. The package depends on the Debian packages of the libraries `ldd` lists.
# Environment: SWIFT (swift), SWIFT_FLAGS, MAKE (make).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
: "${SWIFT:=swift}" "${SWIFT_FLAGS:=}" "${MAKE:=make}"
dist=.build/dist
stamp=Sources/parley/ParleyVersion.swift
version=$(sed -n 's/.*static let number = "\(.*\)"/\1/p' "$stamp")
arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)

# Linking Foundation's networking in statically needs libcurl's development files.
if ! dpkg-query -W -f='${Status}' libcurl4-openssl-dev 2>/dev/null | grep -q "install ok installed"; then
  if [ "$(id -u)" -ne 0 ]; then sudo=sudo; else sudo=; fi
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libcurl4-openssl-dev
fi

mkdir -p .build
cp "$stamp" .build/ParleyVersion.swift.orig
trap 'cp "$root/.build/ParleyVersion.swift.orig" "$root/$stamp" && rm -f "$root/.build/ParleyVersion.swift.orig"' EXIT
sed -i "s/static let commit = \".*\"/static let commit = \"$commit\"/" "$stamp"

rm -rf "$dist"
flags="$SWIFT_FLAGS --static-swift-stdlib"
"$MAKE" --no-print-directory install SWIFT="$SWIFT" SWIFT_FLAGS="$flags" DESTDIR="$PWD/$dist/parley-$version" PREFIX=
"$MAKE" --no-print-directory install SWIFT="$SWIFT" SWIFT_FLAGS="$flags" DESTDIR="$PWD/$dist/deb" PREFIX=/usr

cd "$dist"
# No debug symbols: a third of the size.
strip "parley-$version/bin/parley" deb/usr/bin/parley
tar -czf "parley-$version-linux-$arch.tar.gz" "parley-$version"

# The Debian package of each library the binary names (NEEDED; what those need in turn their
# own packages depend on), found where ldd says it loads from (as dpkg knows the path, or its target).
packages=""
for soname in $(objdump -p deb/usr/bin/parley | awk '$1 == "NEEDED" {print $2}'); do
  library=$(ldd deb/usr/bin/parley | awk -v name="$soname" '$1 == name {print $3}')
  [ -n "$library" ] || continue
  owner=$(dpkg -S "$library" 2>/dev/null || dpkg -S "$(realpath "$library")" 2>/dev/null || true)
  [ -n "$owner" ] && packages="$packages ${owner%%:*}"
done
depends=$(echo $packages | tr ' ' '\n' | sort -u | paste -sd, - | sed 's/,/, /g')
mkdir -p deb/DEBIAN
cat > deb/DEBIAN/control <<CONTROL
Package: parley
Version: $version
Architecture: $arch
Maintainer: parley <parley@localhost>
Depends: $depends
Section: utils
Priority: optional
Description: moderate WordPress comments from the terminal
 A terminal client for WordPress comments, and parley comment: wp-cli's
 wp comment over the REST API, from any machine.
CONTROL
dpkg-deb --root-owner-group --build deb "parley_${version}_$arch.deb" > /dev/null
echo "dist: $dist/parley-$version-linux-$arch.tar.gz and $dist/parley_${version}_$arch.deb (commit $commit; Depends: $depends)"
