#!/usr/bin/env bash
# A real WordPress on loopback for parley's tests (the recipe of the project's peer setup, owned
# here so the project depends on nothing outside it).
#
# Debian 12 (bookworm), as root. Debian packages only: wordpress (6.1.x), mariadb-server,
# apache2 + libapache2-mod-php (PHP 8.2). Everything listens on 127.0.0.1 only:
#   - MariaDB: unix socket only (skip-networking)
#   - HTTP:    127.0.0.1:${WP_PORT:-8080}
#
#   bash Tests/wordpress/wordpress.sh start   install what is missing, start what is not running,
#                                             seed, write $WP_STATE_DIR/env (sourceable)
#   bash Tests/wordpress/wordpress.sh stop    stop only what `start` started
#
# Reuse: when a WordPress already answers on the port, nothing is installed, configured or
# restarted; only the seed phase runs (idempotent) and `stop` leaves that server alone. The
# seed never deletes another client's application passwords: it owns only the ones named
# "parley-tests" and the users parley_<role>.
#
# The env file holds WP_BASE_URL, WP_POST_ID, WP_USER / WP_APP_PASSWORD (administrator) and,
# for each ROLE in ADMINISTRATOR EDITOR AUTHOR CONTRIBUTOR SUBSCRIBER, WP_<ROLE>_USER and
# WP_<ROLE>_APP_PASSWORD.
set -euo pipefail

PORT="${WP_PORT:-8080}"
HOST=127.0.0.1
BASE="http://${HOST}:${PORT}"
STATE_DIR="${WP_STATE_DIR:-/tmp/parley-wordpress}"
DB_NAME=wp_peer
DB_USER=wp_peer
DB_PASS=wp_peer_db_pw
WP_ADMIN_USER=admin
WP_ADMIN_PASS=admin-pass-123
WP_ADMIN_EMAIL=admin@example.test
APP_NAME=parley-tests

mkdir -p "$STATE_DIR"
T0=$(date +%s.%N)
log() { printf '[wordpress %6.1fs] %s\n' "$(awk -v a="$T0" -v b="$(date +%s.%N)" 'BEGIN{print b-a}')" "$*" >&2; }
port_busy() { ss -ltn 2>/dev/null | awk '{print $4}' | grep -q ":${PORT}\$"; }
wp_answers() { curl -fsS --max-time 5 "${BASE}/?rest_route=/" 2>/dev/null | grep -q '"wp\\/v2"'; }

# `started` lists what this script started (apache2, mariadb), so `stop` stops only those.
stop_started() {
  local started; started=$(cat "$STATE_DIR/started" 2>/dev/null || true)
  case " $started " in *" apache2 "*) apachectl -k stop 2>/dev/null || true ;; esac
  case " $started " in *" mariadb "*) /etc/init.d/mariadb stop >/dev/null 2>&1 || true ;; esac
  rm -f "$STATE_DIR/started"
  log "stopped:${started:- nothing (it was running before)}"
}

install_packages() {
  local pkgs="wordpress wordpress-theme-twentytwentythree mariadb-server mariadb-client php-cli php-mysql apache2 libapache2-mod-php php-curl php-xml php-mbstring curl"
  local missing="" p
  for p in $pkgs; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"; done
  [ -z "$missing" ] && return 0
  log "installing:$missing"
  [ -n "$(find /var/lib/apt/lists -name '*Packages*' -newermt '-1 day' 2>/dev/null | head -1)" ] || apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >"$STATE_DIR/apt.log" 2>&1
  log "installed"
}

start_mariadb() {
  cat >/etc/mysql/mariadb.conf.d/99-parley-wordpress.cnf <<'CNF'
[mysqld]
# WordPress talks to MariaDB over the unix socket (DB_HOST=localhost): no TCP listener at all.
skip-networking
bind-address = 127.0.0.1
CNF
  if ! mysqladmin --silent ping >/dev/null 2>&1; then
    # policy-rc.d blocks invoke-rc.d in containers; the init script works without systemd.
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
  log "mariadb up"
}

# Debian's wp-config.php loads /etc/wordpress/config-<HTTP_HOST without port>.php.
write_wordpress_config() {
  local salt
  salt=$(cat "$STATE_DIR/salt" 2>/dev/null || { head -c 48 /dev/urandom | base64 | tr -d '/+=' | tee "$STATE_DIR/salt"; })
  cat >/etc/wordpress/config-${HOST}.php <<PHPCONF
<?php
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
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'WP_CONTENT_DIR', '/var/lib/wordpress/wp-content' );
PHPCONF
  ln -sf /etc/wordpress/config-${HOST}.php /etc/wordpress/config-localhost.php
  chmod 640 /etc/wordpress/config-${HOST}.php; chgrp www-data /etc/wordpress/config-${HOST}.php
}

start_apache() {
  echo "Listen ${HOST}:${PORT}" >/etc/apache2/ports.conf
  echo "ServerName ${HOST}" >/etc/apache2/conf-available/parley-wordpress-servername.conf
  a2enconf -q parley-wordpress-servername >/dev/null
  cat >/etc/apache2/sites-available/parley-wordpress.conf <<VHOST
<VirtualHost ${HOST}:${PORT}>
	ServerName ${HOST}
	DocumentRoot /usr/share/wordpress
	DirectoryIndex index.php
	Alias /wp-content /var/lib/wordpress/wp-content
	<Directory /usr/share/wordpress>
		Options FollowSymLinks
		AllowOverride None
		Require all granted
		RewriteEngine On
		RewriteBase /
		RewriteRule ^index\.php$ - [L]
		RewriteCond %{REQUEST_FILENAME} !-f
		RewriteCond %{REQUEST_FILENAME} !-d
		RewriteRule . /index.php [L]
	</Directory>
	<Directory /var/lib/wordpress/wp-content>
		Options FollowSymLinks
		Require all granted
	</Directory>
</VirtualHost>
VHOST
  a2dissite -q 000-default >/dev/null 2>&1 || true
  a2ensite -q parley-wordpress >/dev/null
  a2enmod -q rewrite >/dev/null
  if pgrep -x apache2 >/dev/null; then
    apachectl -k graceful
  else
    apachectl -k start
    echo -n " apache2" >>"$STATE_DIR/started"
  fi
  local i
  for i in $(seq 1 40); do wp_answers && break; sleep 0.25; done
  wp_answers || { echo "WordPress did not answer on ${BASE}" >&2; exit 1; }
}

provision() {
  php "$HERE/provision.php" "$1" "$PORT" "$WP_ADMIN_USER" "$WP_ADMIN_PASS" "$WP_ADMIN_EMAIL" "$APP_NAME" "$STATE_DIR" 2>&1 \
    | sed -e '/^$/d' -e '/sendmail/d' -e 's/^/  /' >&2
}

HERE=$(cd "$(dirname "$0")" && pwd)
case "${1:-start}" in
  stop) stop_started; exit 0 ;;
  start) ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
[ "$(id -u)" -eq 0 ] || { echo "wordpress.sh needs root (it installs and starts system services)" >&2; exit 1; }
: >"$STATE_DIR/started"
if wp_answers; then
  log "a WordPress already answers on ${BASE}: reusing it"
else
  port_busy && { echo "port ${PORT} is taken by something that is not WordPress; set WP_PORT" >&2; exit 1; }
  # Debian keys WordPress's configuration by host, not port: one WordPress per machine here.
  other=$(sed -n "s|.*'WP_HOME', 'http://${HOST}:\([0-9]*\)'.*|\1|p" /etc/wordpress/config-${HOST}.php 2>/dev/null || true)
  if [ -n "$other" ] && [ "$other" != "$PORT" ] && curl -fsS --max-time 5 "http://${HOST}:${other}/?rest_route=/" >/dev/null 2>&1; then
    echo "a WordPress already serves http://${HOST}:${other}; run with WP_PORT=${other} to use it" >&2; exit 1
  fi
  install_packages
  start_mariadb
  write_wordpress_config
  provision install
  start_apache
fi
provision seed
log "seeded; credentials in $STATE_DIR/env"
