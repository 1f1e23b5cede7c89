<?php
/**
 * Plugin Name: parley tests: no outbound traffic
 * Description: The WordPress of Tests/wordpress/wordpress-7.1/install.sh lives on loopback: no
 * mail (there is no MTA), no HTTP to anything but loopback.
 */
add_filter( 'pre_wp_mail', '__return_false' );
add_filter( 'pre_http_request', function ( $pre, $args, $url ) {
	$host = wp_parse_url( $url, PHP_URL_HOST );
	if ( in_array( $host, array( '127.0.0.1', 'localhost', '::1', '[::1]' ), true ) ) {
		return $pre;
	}
	return new WP_Error( 'http_request_blocked', 'parley tests: outbound HTTP is blocked' );
}, 10, 3 );
