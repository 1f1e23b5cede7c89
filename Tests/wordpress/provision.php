<?php
// Installs and seeds the WordPress of wordpress.sh; run by it with PHP's CLI, as root.
// Usage: php provision.php <install|seed> <port> <admin user> <admin pass> <admin email> <app name> <state dir>
// The seed phase is idempotent: it reuses the post, the users and the application passwords
// recorded in <state dir>/env when they still work, and only ever deletes application
// passwords named <app name>.
list( , $phase, $port, $admin_user, $admin_pass, $admin_email, $app_name, $state_dir ) = $argv;
$_SERVER['HTTP_HOST']   = '127.0.0.1:' . $port;   // selects /etc/wordpress/config-127.0.0.1.php
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_PORT'] = $port;
if ( 'install' === $phase ) {
	define( 'WP_INSTALLING', true );
}
require '/usr/share/wordpress/wp-load.php';

if ( 'install' === $phase ) {
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	if ( is_blog_installed() ) {
		exit( 0 );
	}
	add_filter( 'pre_wp_mail', '__return_false' );   // no sendmail here
	$r = @wp_install( 'parley tests', $admin_user, $admin_email, false, '', wp_slash( $admin_pass ) );
	fwrite( STDERR, "installed, admin user id {$r['user_id']}\n" );
	exit( 0 );
}

add_filter( 'pre_wp_mail', '__return_false' );
update_option( 'permalink_structure', '/%postname%/' );   // /wp-json/... (the vhost has the rewrite rules)
update_option( 'comment_moderation', 0 );
update_option( 'comment_previously_approved', 0 );
update_option( 'close_comments_for_old_posts', 0 );
flush_rewrite_rules( false );

$admin = get_user_by( 'login', $admin_user );
if ( ! $admin ) { fwrite( STDERR, "no admin user\n" ); exit( 1 ); }
wp_set_current_user( $admin->ID );

// The same post and comments as the project's peer recipe, so either may have seeded them.
$post = get_page_by_path( 'tui-peer-test-post', OBJECT, 'post' );
if ( ! $post ) {
	$post_id = wp_insert_post( array(
		'post_title'     => 'TUI peer test post',
		'post_name'      => 'tui-peer-test-post',
		'post_content'   => 'Post used by the terminal comments client tests.',
		'post_status'    => 'publish',
		'post_author'    => $admin->ID,
		'comment_status' => 'open',
	), true );
	if ( is_wp_error( $post_id ) ) { fwrite( STDERR, $post_id->get_error_message() . "\n" ); exit( 1 ); }
	$now = time();
	$mk = function ( $content, $approved, $parent, $author, $email, $ago ) use ( $post_id, $now ) {
		return wp_insert_comment( array(
			'comment_post_ID'      => $post_id,
			'comment_content'      => $content,
			'comment_approved'     => $approved,
			'comment_parent'       => $parent,
			'comment_author'       => $author,
			'comment_author_email' => $email,
			'comment_author_IP'    => '127.0.0.1',
			'comment_date'         => wp_date( 'Y-m-d H:i:s', $now - $ago ),
			'comment_date_gmt'     => gmdate( 'Y-m-d H:i:s', $now - $ago ),
		) );
	};
	$c1 = $mk( 'First approved comment from Alice.', 1, 0, 'Alice', 'alice@example.test', 600 );
	$mk( 'Bob replies to Alice.', 1, $c1, 'Bob', 'bob@example.test', 500 );
	$mk( 'Pending comment awaiting moderation.', 0, 0, 'Carol', 'carol@example.test', 400 );
	$mk( 'Buy cheap pills!!!', 'spam', 0, 'Spammer', 'spam@example.test', 300 );
	$mk( 'Another approved comment.', 1, 0, 'Dave', 'dave@example.test', 200 );
	$post = get_post( $post_id );
}

$state_file = $state_dir . '/env';
$state = array();
if ( is_readable( $state_file ) ) {
	foreach ( file( $state_file, FILE_IGNORE_NEW_LINES ) as $line ) {
		if ( preg_match( '/^(\w+)=\'(.*)\'$/', $line, $m ) ) { $state[ $m[1] ] = $m[2]; }
	}
}

// The stored password of $key when it still logs $user in, else a new one named $app_name.
function parley_app_password( $user, $key, $state, $app_name ) {
	if ( ! empty( $state[ $key ] ) ) {
		foreach ( WP_Application_Passwords::get_user_application_passwords( $user->ID ) as $item ) {
			if ( $item['name'] === $app_name && wp_check_password( str_replace( ' ', '', $state[ $key ] ), $item['password'], $user->ID ) ) {
				return $state[ $key ];
			}
		}
	}
	foreach ( WP_Application_Passwords::get_user_application_passwords( $user->ID ) as $item ) {
		if ( $item['name'] === $app_name ) {
			WP_Application_Passwords::delete_application_password( $user->ID, $item['uuid'] );
		}
	}
	$created = WP_Application_Passwords::create_new_application_password( $user->ID, array( 'name' => $app_name ) );
	if ( is_wp_error( $created ) ) { fwrite( STDERR, $created->get_error_message() . "\n" ); exit( 1 ); }
	return WP_Application_Passwords::chunk_password( $created[0] );
}

$lines = array(
	"WP_BASE_URL='http://127.0.0.1:{$port}'",
	"WP_POST_ID='{$post->ID}'",
	"WP_USER='{$admin_user}'",
	"WP_APP_PASSWORD='" . parley_app_password( $admin, 'WP_APP_PASSWORD', $state, $app_name ) . "'",
);
foreach ( array( 'administrator', 'editor', 'author', 'contributor', 'subscriber' ) as $role ) {
	$login = 'parley_' . $role;
	$user  = get_user_by( 'login', $login );
	if ( ! $user ) {
		$id = wp_insert_user( array( 'user_login' => $login, 'user_pass' => wp_generate_password( 24 ), 'user_email' => $login . '@example.test', 'role' => $role ) );
		if ( is_wp_error( $id ) ) { fwrite( STDERR, $id->get_error_message() . "\n" ); exit( 1 ); }
		$user = get_user_by( 'id', $id );
	}
	$key     = 'WP_' . strtoupper( $role ) . '_APP_PASSWORD';
	$lines[] = 'WP_' . strtoupper( $role ) . "_USER='{$login}'";
	$lines[] = "{$key}='" . parley_app_password( $user, $key, $state, $app_name ) . "'";
}
file_put_contents( $state_file, implode( "\n", $lines ) . "\n" );
chmod( $state_file, 0600 );
