/// One comment row as the mock keeps it (the server's `wp_comments` row).
struct StoredComment: Sendable {
    let id: Int
    var post: Int
    var parent: Int
    /// Index into the server's author table.
    var authorIndex: Int
    /// `comment_date_gmt`, seconds since 1970.
    var dateGMT: Int64
    var status: MockCommentStatus
    /// The status to restore on untrash/unspam (`_wp_trash_meta_status`).
    var statusBeforeTrash: MockCommentStatus?
    var content: StoredContent
    /// Deleted for good. Rows stay in place so the id→index map never needs rebuilding.
    var isDeleted = false
    /// `comment_type`.
    var type: MockCommentType = .comment
    /// The `_wp_note_status` meta (only notes have it, and only the resolution markers).
    var noteStatus: MockNoteStatus?
}
