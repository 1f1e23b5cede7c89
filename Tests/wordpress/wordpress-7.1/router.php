<?php
// The router of `php -S 127.0.0.1:PORT -t WORDPRESS_DIR router.php` (install.sh): what Apache's
// WordPress rewrite rules do. A real file is served (a PHP one runs), a directory runs its
// index.php, anything else goes to WordPress's front controller (pretty permalinks, /wp-json/).
$root = rtrim( $_SERVER['DOCUMENT_ROOT'], '/' );
$path = rawurldecode( parse_url( $_SERVER['REQUEST_URI'], PHP_URL_PATH ) ?? '/' );
if ( str_contains( $path, '..' ) ) {
	http_response_code( 400 );
	return true;
}
$file = $root . $path;
if ( '/' !== $path && is_file( $file ) ) {
	if ( ! str_ends_with( $file, '.php' ) ) {
		return false;   // a static file: the built-in server sends it
	}
	$script = $path;
} elseif ( '/' !== $path && is_dir( $file ) && is_file( rtrim( $file, '/' ) . '/index.php' ) ) {
	if ( ! str_ends_with( $path, '/' ) ) {   // /wp-admin -> /wp-admin/, as Apache's mod_dir does
		$query = $_SERVER['QUERY_STRING'] ?? '';
		header( 'Location: ' . $path . '/' . ( '' !== $query ? '?' . $query : '' ), true, 301 );
		return true;
	}
	$script = rtrim( $path, '/' ) . '/index.php';
} else {
	$script = '/index.php';
}
$_SERVER['SCRIPT_NAME']     = $script;
$_SERVER['PHP_SELF']        = $script;
$_SERVER['SCRIPT_FILENAME'] = $root . $script;
chdir( dirname( $root . $script ) );
require $root . $script;
return true;
