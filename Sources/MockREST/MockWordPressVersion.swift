/// The WordPress whose answers the mock gives where versions differ. The mock follows the
/// newest (``v7_1``); ``v6_1`` keeps the shapes of Debian's WordPress 6.1, which the project
/// also tests against (`make test-wordpress` compares the mock with both).
///
/// What 7.1 changes, as the mock serves it: each comment's and user's `_links.self` carries
/// `targetHints.allow` (the methods the caller may use on it, WordPress 6.7); a comment's
/// `meta` is `{"_wp_note_status": …}` instead of `[]`, and the index describes that meta
/// (6.9); the index has `page_for_posts`, `page_on_front` and `show_on_front`, and `_fields`
/// no longer adds its `_links`; `orderby=include` without `include` counts the matches (6.1's
/// SQL fails twice and counts none). The seed holds notes only on 7.1 (they came in 6.9).
public enum MockWordPressVersion: String, Sendable, Hashable, CaseIterable {
    /// Debian 12's WordPress 6.1.
    case v6_1 = "6.1"
    /// WordPress 7.1, the newest release.
    case v7_1 = "7.1"

    /// The version the mock follows unless told otherwise.
    public static let newest = MockWordPressVersion.v7_1

    /// Whether comments may be block-editor notes with their `_wp_note_status` meta (6.9+).
    var hasNotes: Bool { self != .v6_1 }
    /// Whether `_links.self` carries `targetHints.allow` (6.7+).
    var hasTargetHints: Bool { self != .v6_1 }
}
