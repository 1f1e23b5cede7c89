#!/usr/bin/env bash
# `make test-wordpress`: parley and its mock against real WordPress sites on this machine, two
# versions: Debian's WordPress 6.1 (wordpress.sh, installing Debian's packages when missing) and
# WordPress 7.1 (wordpress-7.1/install.sh, from the release tarball). For each version it starts
# the site (reusing one that already answers), runs every Tests/wordpress/test-*.sh, then the
# differential contract test (contract.py, the mock answering as that version), prints "N
# passed, N failed" and stops what it started.
# Needs root (apt-get, service start) and python3.
#
# Each test-*.sh runs with these in its environment (from the version's env file, exported):
#   WP_BASE_URL       the site root, http://127.0.0.1:8080 (6.1) or http://127.0.0.1:8082 (7.1)
#                     (REST API at $WP_BASE_URL/wp-json/, also $WP_BASE_URL/?rest_route=/)
#   WP_VERSION        WordPress's version, e.g. 6.1.9 or 7.1
#   WP_POST_ID        a published post open for comments, seeded with comments: approved ones,
#                     a reply, one held, one spam
#   WP_SEED_NOTE_IDS, WP_SEED_NOTE_HOLD_IDS, WP_SEED_NOTE_APPROVED_IDS, WP_SEED_PINGBACK_IDS,
#   WP_SEED_TRACKBACK_IDS
#                     comma-separated ids of what else the post holds on WordPress 6.9 and later
#                     (empty on 6.1): notes (a held thread and its held reply, a resolved thread
#                     and its empty resolution marker), an approved pingback, a held trackback
#   WP_USER, WP_APP_PASSWORD
#                     the administrator and an application password (HTTP Basic auth)
#   WP_<ROLE>_USER, WP_<ROLE>_APP_PASSWORD, for ROLE in ADMINISTRATOR EDITOR AUTHOR
#                     CONTRIBUTOR SUBSCRIBER: one user per WordPress role
#   PARLEY_BIN, PARLEY_MOCK_SERVER_BIN
#                     the binaries under test (set them, or run.sh builds debug ones)
#   WP_STATE_DIR      the version's state directory (/tmp/parley-wordpress, /tmp/parley-wordpress-7.1)
# A scenario exits 0 when it passes; one that needs what a version lacks says so and exits 0.
# Each site is shared by all scenarios and kept between runs: a scenario writes only comments
# of its own (its text made unique) and deletes them, and leaves the seed as it found it.
#
# WP_VERSIONS chooses the versions ("6.1 7.1" by default); WP_PORT and WP71_PORT the ports (8080,
# 8082); WP71_TARBALL the 7.1 release (default ../shared/wordpress-peer/wordpress-7.1.0.tar.xz
# beside the repository); WP_TESTS the scenarios by name, for a quick look at some ("comment-types
# contract": test-comment-types.sh and the contract test; every one by default).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
STATE_61="${WP_STATE_DIR:-/tmp/parley-wordpress}"
STATE_71="${WP71_STATE_DIR:-/tmp/parley-wordpress-7.1}"
VERSIONS="${WP_VERSIONS:-6.1 7.1}"
# chosen NAME: whether WP_TESTS (when set) names the scenario NAME.
chosen() { [ -z "${WP_TESTS:-}" ] || [[ " $WP_TESTS " == *" $1 "* ]]; }
START=$(date +%s)

if [ -z "${PARLEY_BIN:-}" ] || [ -z "${PARLEY_MOCK_SERVER_BIN:-}" ]; then
  (cd "$ROOT" && swift build --product parley >/dev/null && swift build --product parley-mock-server >/dev/null) \
    || { echo "test-wordpress: the build failed"; exit 1; }
  bin=$(cd "$ROOT" && swift build --show-bin-path)
  export PARLEY_BIN="${PARLEY_BIN:-$bin/parley}" PARLEY_MOCK_SERVER_BIN="${PARLEY_MOCK_SERVER_BIN:-$bin/parley-mock-server}"
fi

# The installer of each version, and where it writes its env file.
installer() { case $1 in 6.1) echo "$HERE/wordpress.sh" ;; 7.1) echo "$HERE/wordpress-7.1/install.sh" ;; esac; }
state_dir() { case $1 in 6.1) echo "$STATE_61" ;; 7.1) echo "$STATE_71" ;; esac; }
started=""
stop_started() {   # the newest first: 6.1's script may have started the MariaDB that 7.1 uses
  local version
  for version in $started; do
    WP_STATE_DIR="$STATE_61" WP71_STATE_DIR="$STATE_71" bash "$(installer "$version")" stop
  done
}
trap stop_started EXIT

passed=0
failed=0
failures=""
run() {   # name, command...
  local name=$1; shift
  echo "== $name"
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    failures="$failures $name"
  fi
}
for version in $VERSIONS; do
  script=$(installer "$version")
  [ -n "$script" ] || { echo "test-wordpress: no WordPress $version here (WP_VERSIONS: 6.1, 7.1)"; exit 1; }
  echo "== WordPress $version"
  if ! WP_STATE_DIR="$STATE_61" WP71_STATE_DIR="$STATE_71" bash "$script" start; then
    failed=$((failed + 1)); failures="$failures $version/start"; continue
  fi
  started="$version $started"
  export WP_STATE_DIR; WP_STATE_DIR=$(state_dir "$version")
  # The same names in every version's env file: each overwrites the one before.
  set -a
  # shellcheck disable=SC1090,SC1091
  . "$WP_STATE_DIR/env"
  set +a
  for scenario in "$HERE"/test-*.sh; do
    [ -e "$scenario" ] || continue
    name=$(basename "$scenario" .sh)
    chosen "${name#test-}" || continue
    run "$version/$(basename "$scenario")" bash "$scenario"
  done
  chosen contract && run "$version/contract" python3 "$HERE/contract.py"
done

echo "test-wordpress: $passed passed, $failed failed ($(( $(date +%s) - START )) s)${failures:+; failed:$failures}"
[ "$failed" -eq 0 ]
