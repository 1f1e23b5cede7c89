/// What kind of comment WordPress says it is (`comment_type`), as wp-admin tells them apart.
///
/// wp-admin lists and counts comments, pingbacks and trackbacks together and leaves out the
/// block editor's notes (WordPress 6.9 and later keep them as comments of type `note`; its
/// `WP_Comment_Query` excludes them unless asked). parley does the same: it asks for
/// ``CommentKind/comments`` and ``CommentKind/pings`` by name, never `type=all`, and never
/// acts on a note.
public enum CommentType: Hashable, Sendable {
    /// An ordinary comment (`comment`; WordPress also stores it as an empty type).
    case comment
    /// A pingback: another WordPress site linked to the post.
    case pingback
    /// A trackback: another site announced a link to the post.
    case trackback
    /// An editorial note of the block editor (`note`): not a comment, left to the editor.
    case note
    /// A type of a plugin's own (`review`, `order_note`, …).
    case other(String)

    /// The type of WordPress's `type` field.
    public init(wordPress value: String) {
        switch value {
        case "comment", "": self = .comment
        case "pingback": self = .pingback
        case "trackback": self = .trackback
        case "note": self = .note
        default: self = .other(value)
        }
    }

    /// Whether it is a pingback or a trackback: a link from another site.
    public var isPing: Bool { self == .pingback || self == .trackback }
}

/// The comment types parley lists, each with the `type` value WordPress's REST API takes
/// for it (one value per request: `type=pings` is pingbacks and trackbacks together, in
/// `WP_Comment_Query`). Everything parley lists, counts or empties is asked for once per
/// kind, by name: `type=all` would bring the block editor's notes with it.
public enum CommentKind: String, CaseIterable, Hashable, Sendable, Codable {
    /// Ordinary comments: `type=comment`.
    case comments = "comment"
    /// Pingbacks and trackbacks: `type=pings`.
    case pings

    /// Whether a comment of `type` belongs to this kind.
    public func contains(_ type: CommentType) -> Bool {
        switch self {
        case .comments: type == .comment
        case .pings: type.isPing
        }
    }
}

extension Comment {
    /// What kind of comment it is (``type`` read).
    public var commentType: CommentType { CommentType(wordPress: type) }
}
