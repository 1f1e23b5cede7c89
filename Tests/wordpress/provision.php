<?php
// Installs and seeds the WordPress of wordpress.sh (Debian's 6.1) and of
// wordpress-7.1/install.sh (the 7.1 release); run by them with PHP's CLI, as root.
// Usage: php provision.php <install|seed> <port> <admin user> <admin pass> <admin email> <app name> <state dir> [<wordpress dir>]
// (the WordPress directory defaults to Debian's /usr/share/wordpress).
// The seed phase is idempotent: it reuses the post, the users and the application passwords
// recorded in <state dir>/env when they still work, and only ever deletes application
// passwords named <app name>.
//
// On WordPress 6.9 and later it also seeds, once, what the issue 28 scenarios need on the
// post (as the project's peer recipe, ../shared/wordpress-peer/latest, does): four notes
// (comment_type 'note': a held thread N1 with a held reply N2, a resolved thread N3 with its
// empty resolution marker N4, meta _wp_note_status=resolved), an approved pingback and a held
// trackback. Their ids go to <state dir>/env (WP_SEED_*), with WP_VERSION.
list( , $phase, $port, $admin_user, $admin_pass, $admin_email, $app_name, $state_dir ) = $argv;
$wordpress_dir = $argv[8] ?? '/usr/share/wordpress';
$_SERVER['HTTP_HOST']   = '127.0.0.1:' . $port;   // selects /etc/wordpress/config-127.0.0.1.php
$_SERVER['SERVER_NAME'] = '127.0.0.1';
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['SERVER_PORT'] = $port;
if ( 'install' === $phase ) {
	define( 'WP_INSTALLING', true );
}
require $wordpress_dir . '/wp-load.php';

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
update_option( 'wp_notes_notify', 0 );   // no note e-mails (6.9 and later)
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
		'ping_status'    => 'open',
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

// Notes and pings (WordPress 6.9 and later), each kind once.
$now      = time();
$has_notes = version_compare( $GLOBALS['wp_version'], '6.9', '>=' );
$existing = function ( $type ) use ( $post ) {
	return (int) get_comments( array( 'post_id' => $post->ID, 'type' => $type, 'status' => 'all', 'count' => true ) );
};
if ( $has_notes && 0 === $existing( 'note' ) ) {
	$note = function ( $content, $approved, $parent, $ago, $meta = array() ) use ( $post, $admin, $now ) {
		return wp_insert_comment( array(
			'comment_post_ID'      => $post->ID,
			'comment_type'         => 'note',
			'comment_content'      => $content,
			'comment_approved'     => $approved,
			'comment_parent'       => $parent,
			'user_id'              => $admin->ID,
			'comment_author'       => $admin->display_name,
			'comment_author_email' => $admin->user_email,
			'comment_author_IP'    => '127.0.0.1',
			'comment_date'         => wp_date( 'Y-m-d H:i:s', $now - $ago ),
			'comment_date_gmt'     => gmdate( 'Y-m-d H:i:s', $now - $ago ),
			'comment_meta'         => $meta,
		) );
	};
	$n1 = $note( 'Editorial note: the intro paragraph needs a source.', 0, 0, 180 );
	$note( 'Reply in the note thread: source added in the draft.', 0, $n1, 170 );
	$n3 = $note( 'Editorial note: fix the typo in the title (resolved).', 1, 0, 160 );
	$note( '', 1, $n3, 150, array( '_wp_note_status' => 'resolved' ) );
	fwrite( STDERR, "seeded 4 notes\n" );
}
if ( $has_notes && 0 === $existing( 'pings' ) ) {
	$ping = function ( $type, $approved, $author, $url, $content, $ago ) use ( $post, $now ) {
		return wp_insert_comment( array(
			'comment_post_ID'      => $post->ID,
			'comment_type'         => $type,
			'comment_content'      => $content,
			'comment_approved'     => $approved,
			'comment_author'       => $author,
			'comment_author_url'   => $url,
			'comment_author_email' => '',
			'comment_author_IP'    => '127.0.0.2',
			'comment_date'         => wp_date( 'Y-m-d H:i:s', $now - $ago ),
			'comment_date_gmt'     => gmdate( 'Y-m-d H:i:s', $now - $ago ),
		) );
	};
	$ping( 'pingback', 1, 'Elsewhere Blog &raquo; A post linking here', 'https://elsewhere.example/linking-post/',
		'[&#8230;] as discussed in the TUI peer test post [&#8230;]', 140 );
	$ping( 'trackback', 0, 'Trackback Weekly', 'https://trackback.example/weekly/',
		'<strong>Weekly roundup</strong> Trackback excerpt mentioning the test post.', 130 );
	fwrite( STDERR, "seeded a pingback and a trackback\n" );
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
			$raw = str_replace( ' ', '', $state[ $key ] );
			$ok  = method_exists( 'WP_Application_Passwords', 'check_password' )   // 6.8+: a fast hash
				? WP_Application_Passwords::check_password( $raw, $item['password'] )
				: wp_check_password( $raw, $item['password'], $user->ID );
			if ( $item['name'] === $app_name && $ok ) {
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
// What the seed holds beyond comments, for the scenarios (empty before WordPress 6.9).
$ids = function ( $args ) use ( $post ) {
	return implode( ',', get_comments( array_merge( array( 'post_id' => $post->ID, 'fields' => 'ids', 'orderby' => 'comment_ID', 'order' => 'ASC', 'status' => 'all' ), $args ) ) );
};
$lines[] = "WP_VERSION='{$GLOBALS['wp_version']}'";
$lines[] = "WP_SEED_NOTE_IDS='" . ( $has_notes ? $ids( array( 'type' => 'note' ) ) : '' ) . "'";
$lines[] = "WP_SEED_NOTE_HOLD_IDS='" . ( $has_notes ? $ids( array( 'type' => 'note', 'status' => 'hold' ) ) : '' ) . "'";
$lines[] = "WP_SEED_NOTE_APPROVED_IDS='" . ( $has_notes ? $ids( array( 'type' => 'note', 'status' => 'approve' ) ) : '' ) . "'";
$lines[] = "WP_SEED_PINGBACK_IDS='" . ( $has_notes ? $ids( array( 'type' => 'pingback' ) ) : '' ) . "'";
$lines[] = "WP_SEED_TRACKBACK_IDS='" . ( $has_notes ? $ids( array( 'type' => 'trackback' ) ) : '' ) . "'";
file_put_contents( $state_file, implode( "\n", $lines ) . "\n" );
chmod( $state_file, 0600 );
