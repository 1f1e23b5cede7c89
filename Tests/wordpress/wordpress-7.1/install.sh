#!/usr/bin/env bash
# WordPress 7.1 on loopback for parley's tests, beside Debian's 6.1 of ../wordpress.sh: the
# release tarball, PHP's built-in server, the MariaDB server that wordpress.sh uses (its own
# database and user), the seed and the env file of provision.php. Modelled on the project's
# peer recipe (../shared/wordpress-peer/latest/setup.sh), owned here so that the project
# depends on nothing outside it but the tarball.
#
# Debian 12, as root. Installs what is missing (php-cli, php-mysql, mariadb-server, ...) with
# apt-get. Everything listens on 127.0.0.1 only:
#   - source:  WP71_TARBALL, default ../shared/wordpress-peer/wordpress-7.1.0.tar.xz beside the
#              repository, extracted into $WP71_STATE_DIR/wordpress
#   - DB:      database and user parley_wp71, over MariaDB's unix socket
#   - HTTP:    `php -S 127.0.0.1:${WP71_PORT:-8082}` as www-data, router.php = the rewrite rules
#   - config:  WP_ENVIRONMENT_TYPE=local (application passwords over plain HTTP), no cron, no
#              updates, no outbound HTTP or mail (mu-plugin.php)
#
#   bash Tests/wordpress/wordpress-7.1/install.sh start   install what is missing, start what is
#                                                         not running, seed, write $WP71_STATE_DIR/env
#   bash Tests/wordpress/wordpress-7.1/install.sh stop    stop only what `start` started
#
# The env file has the names of wordpress.sh's (WP_BASE_URL, WP_POST_ID, WP_USER,
# WP_APP_PASSWORD, WP_<ROLE>_USER, WP_<ROLE>_APP_PASSWORD), plus WP_VERSION and the ids of the
# seeded notes and pings (WP_SEED_NOTE_IDS, WP_SEED_NOTE_HOLD_IDS, WP_SEED_NOTE_APPROVED_IDS,
# WP_SEED_PINGBACK_IDS, WP_SEED_TRACKBACK_IDS). Idempotent: a second start reuses the tree, the
# site, the seed and the application passwords.
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
WP_TAG=7.1.0
PORT="${WP71_PORT:-8082}"
HOST=127.0.0.1
BASE="http://${HOST}:${PORT}"
STATE_DIR="${WP71_STATE_DIR:-/tmp/parley-wordpress-7.1}"
TARBALL="${WP71_TARBALL:-$ROOT/../shared/wordpress-peer/wordpress-${WP_TAG}.tar.xz}"
WPDIR="$STATE_DIR/wordpress"
DB_NAME=parley_wp71
DB_USER=parley_wp71
DB_PASS=parley_wp71_db_pw
WP_ADMIN_USER=admin
WP_ADMIN_PASS=admin-pass-123
WP_ADMIN_EMAIL=admin@example.test
APP_NAME=parley-tests

mkdir -p "$STATE_DIR"
T0=$(date +%s.%N)
log() { printf '[wordpress-7.1 %6.1fs] %s\n' "$(awk -v a="$T0" -v b="$(date +%s.%N)" 'BEGIN{print b-a}')" "$*" >&2; }
port_busy() { ss -ltn 2>/dev/null | awk '{print $4}' | grep -q ":${PORT}\$"; }
answers() { curl -fsS --max-time 5 "${BASE}/?rest_route=/" 2>/dev/null | grep -q '"wp\\/v2"'; }
server_alive() { [ -f "$STATE_DIR/php-server.pid" ] && kill -0 "$(cat "$STATE_DIR/php-server.pid")" 2>/dev/null; }

# `started` lists what this script started (php, mariadb), so `stop` stops only those.
stop_started() {
  local started; started=$(cat "$STATE_DIR/started" 2>/dev/null || true)
  case " $started " in *" php "*)
    if server_alive; then
      local pid; pid=$(cat "$STATE_DIR/php-server.pid")
      # The server runs in a process group of its own (setsid): its workers end with it.
      kill -- "-$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    fi
    rm -f "$STATE_DIR/php-server.pid" ;;
  esac
  case " $started " in *" mariadb "*) /etc/init.d/mariadb stop >/dev/null 2>&1 || true ;; esac
  rm -f "$STATE_DIR/started"
  log "stopped:${started:- nothing (it was running before)}"
}

install_packages() {
  local pkgs="php-cli php-mysql php-curl php-xml php-mbstring mariadb-server mariadb-client curl xz-utils util-linux iproute2"
  local missing="" p
  for p in $pkgs; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"; done
  [ -z "$missing" ] && return 0
  log "installing:$missing"
  [ -n "$(find /var/lib/apt/lists -name '*Packages*' -newermt '-1 day' 2>/dev/null | head -1)" ] || apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >"$STATE_DIR/apt.log" 2>&1
  log "installed"
}

extract_wordpress() {
  if [ "$(cat "$WPDIR/.wp-tag" 2>/dev/null || true)" = "$WP_TAG" ]; then return 0; fi
  [ -f "$TARBALL" ] || { echo "no WordPress ${WP_TAG} tarball at $TARBALL (set WP71_TARBALL)" >&2; exit 1; }
  rm -rf "$WPDIR"; mkdir -p "$WPDIR"
  tar -xJf "$TARBALL" -C "$WPDIR" --strip-components=1
  echo "$WP_TAG" >"$WPDIR/.wp-tag"
  log "extracted WordPress ${WP_TAG} into $WPDIR"
}

start_mariadb() {
  if ! mysqladmin --silent ping >/dev/null 2>&1; then
    # Socket only, as wordpress.sh configures it; the init script works without systemd.
    [ -f /etc/mysql/mariadb.conf.d/99-parley-wordpress.cnf ] \
      || printf '[mysqld]\nskip-networking\nbind-address = 127.0.0.1\n' >/etc/mysql/mariadb.conf.d/99-parley-wordpress.cnf
    /etc/init.d/mariadb start >"$STATE_DIR/mariadb-start.log" 2>&1
    echo -n " mariadb" >>"$STATE_DIR/started"
  fi
  local i
  for i in $(seq 1 30); do mysqladmin --silent ping >/dev/null 2>&1 && break; sleep 0.5; done
  mysql -uroot <<SQL
CREATE DATABASE IF NOT EXISTS ${DB_NAME} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '${DB_USER}'@'localhost' IDENTIFIED BY '${DB_PASS}';
GRANT ALL PRIVILEGES ON ${DB_NAME}.* TO '${DB_USER}'@'localhost';
FLUSH PRIVILEGES;
SQL
  log "mariadb: database ${DB_NAME}"
}

write_config() {
  local salt
  salt=$(cat "$STATE_DIR/salt" 2>/dev/null || { head -c 48 /dev/urandom | base64 | tr -d '/+=' | tee "$STATE_DIR/salt"; })
  cat >"$WPDIR/wp-config.php" <<PHPCONF
<?php
// Written by parley's Tests/wordpress/wordpress-7.1/install.sh.
define( 'DB_NAME', '${DB_NAME}' );
define( 'DB_USER', '${DB_USER}' );
define( 'DB_PASSWORD', '${DB_PASS}' );
define( 'DB_HOST', 'localhost' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
foreach ( array( 'AUTH_KEY','SECURE_AUTH_KEY','LOGGED_IN_KEY','NONCE_KEY','AUTH_SALT','SECURE_AUTH_SALT','LOGGED_IN_SALT','NONCE_SALT' ) as \$k ) {
	define( \$k, '${salt}' . \$k );
}
\$table_prefix = 'wp_';
define( 'WP_HOME', '${BASE}' );
define( 'WP_SITEURL', '${BASE}' );
// 'local' allows application passwords over plain HTTP.
define( 'WP_ENVIRONMENT_TYPE', 'local' );
define( 'WP_DEBUG', false );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
PHPCONF
  chown root:www-data "$WPDIR/wp-config.php"; chmod 640 "$WPDIR/wp-config.php"
  mkdir -p "$WPDIR/wp-content/mu-plugins" "$WPDIR/wp-content/uploads"
  cp "$HERE/mu-plugin.php" "$WPDIR/wp-content/mu-plugins/parley-tests.php"
  chown -R www-data:www-data "$WPDIR/wp-content/uploads"
}

provision() {
  php "$HERE/../provision.php" "$1" "$PORT" "$WP_ADMIN_USER" "$WP_ADMIN_PASS" "$WP_ADMIN_EMAIL" "$APP_NAME" "$STATE_DIR" "$WPDIR" 2>&1 \
    | sed -e '/^$/d' -e 's/^/  /' >&2
  return "${PIPESTATUS[0]}"
}

start_php() {
  if server_alive && answers; then
    log "php -S already serves ${BASE}"
    return 0
  fi
  if port_busy; then echo "port ${PORT} is taken by something else; set WP71_PORT" >&2; exit 1; fi
  # setsid: the server and its workers get a process group of their own, which stop ends.
  (cd "$WPDIR" && PHP_CLI_SERVER_WORKERS=4 exec setsid setpriv --reuid=www-data --regid=www-data --init-groups \
      php -d display_errors=stderr -S "${HOST}:${PORT}" -t "$WPDIR" "$HERE/router.php" \
      </dev/null >"$STATE_DIR/php-server.log" 2>&1) &
  echo $! >"$STATE_DIR/php-server.pid"
  echo -n " php" >>"$STATE_DIR/started"
  local i
  for i in $(seq 1 60); do answers && break; sleep 0.25; done
  answers || { echo "WordPress did not answer on ${BASE}; see $STATE_DIR/php-server.log" >&2; exit 1; }
  curl -fsS --max-time 5 -o /dev/null "${BASE}/wp-json/" || { echo "${BASE}/wp-json/ does not answer" >&2; exit 1; }
  log "serving ${BASE}"
}

case "${1:-start}" in
  stop) stop_started; exit 0 ;;
  start) ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
[ "$(id -u)" -eq 0 ] || { echo "install.sh needs root (it installs and starts system services)" >&2; exit 1; }
: >"$STATE_DIR/started"
install_packages
extract_wordpress
start_mariadb
write_config
provision install
provision seed
start_php
log "seeded; credentials in $STATE_DIR/env"
