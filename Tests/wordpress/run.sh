#!/usr/bin/env bash
# `make test-wordpress`: parley and its mock against a real WordPress on this machine.
#
# Starts WordPress with wordpress.sh (installing Debian's packages when missing; reusing a
# WordPress that already answers), runs every Tests/wordpress/test-*.sh, then the differential
# contract test (contract.py), prints "N passed, N failed" and stops what wordpress.sh started.
# Needs root (apt-get, service start) and python3.
#
# Each test-*.sh runs with these in its environment (from $WP_STATE_DIR/env, exported):
#   WP_BASE_URL       the site root, http://127.0.0.1:8080 (REST API at $WP_BASE_URL/wp-json/,
#                     also $WP_BASE_URL/?rest_route=/)
#   WP_POST_ID        a published post open for comments, seeded with comments: approved ones,
#                     a reply, one held, one spam
#   WP_USER, WP_APP_PASSWORD
#                     the administrator and an application password (HTTP Basic auth)
#   WP_<ROLE>_USER, WP_<ROLE>_APP_PASSWORD, for ROLE in ADMINISTRATOR EDITOR AUTHOR
#                     CONTRIBUTOR SUBSCRIBER: one user per WordPress role
#   PARLEY_BIN, PARLEY_MOCK_SERVER_BIN
#                     the binaries under test (set them, or run.sh builds debug ones)
#   WP_STATE_DIR      wordpress.sh's state directory (default /tmp/parley-wordpress)
# A scenario exits 0 when it passes. The site is shared by all scenarios and kept between
# runs: a scenario writes only comments of its own (its text made unique) and deletes them.
#
# WP_PORT chooses the port (default 8080).
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
export WP_STATE_DIR="${WP_STATE_DIR:-/tmp/parley-wordpress}"
START=$(date +%s)

if [ -z "${PARLEY_BIN:-}" ] || [ -z "${PARLEY_MOCK_SERVER_BIN:-}" ]; then
  (cd "$ROOT" && swift build --product parley >/dev/null && swift build --product parley-mock-server >/dev/null) \
    || { echo "test-wordpress: the build failed"; exit 1; }
  bin=$(cd "$ROOT" && swift build --show-bin-path)
  export PARLEY_BIN="${PARLEY_BIN:-$bin/parley}" PARLEY_MOCK_SERVER_BIN="${PARLEY_MOCK_SERVER_BIN:-$bin/parley-mock-server}"
fi

bash "$HERE/wordpress.sh" start || { echo "test-wordpress: WordPress did not start"; exit 1; }
trap 'bash "$HERE/wordpress.sh" stop' EXIT
set -a
# shellcheck disable=SC1091
. "$WP_STATE_DIR/env"
set +a

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
for scenario in "$HERE"/test-*.sh; do
  [ -e "$scenario" ] || continue
  run "$(basename "$scenario")" bash "$scenario"
done
run contract python3 "$HERE/contract.py"

echo "test-wordpress: $passed passed, $failed failed ($(( $(date +%s) - START )) s)${failures:+; failed:$failures}"
[ "$failed" -eq 0 ]
