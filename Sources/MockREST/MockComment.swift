import Foundation

/// A snapshot of one stored comment, for test assertions (``MockServer/comments(site:)``).
///
/// It is the server's truth, independent of any client decoding: `content` is the raw
/// text the comment was written with, not the rendered HTML.
public struct MockComment: Sendable, Hashable, Identifiable {
    /// The comment id (ids are per site, as in WordPress).
    public var id: Int
    /// The post the comment belongs to.
    public var post: Int
    /// The parent comment, 0 for a top-level comment.
    public var parent: Int
    /// The author's user id, 0 for a guest.
    public var author: Int
    /// The author's display name.
    public var authorName: String
    /// The author's e-mail address.
    public var authorEmail: String
    /// The author's web site, possibly empty.
    public var authorURL: String
    /// The moderation status.
    public var status: MockCommentStatus
    /// The raw content (`content.raw`).
    public var content: String
    /// The creation time (`date_gmt`).
    public var date: Date
    /// `comment`, `pingback`, `trackback` or `note` (``MockCommentType``'s raw values).
    public var type: String
    /// A note's `_wp_note_status` meta; nil for every other comment.
    public var noteStatus: MockNoteStatus?

    /// Creates a snapshot.
    public init(
        id: Int, post: Int, parent: Int, author: Int, authorName: String, authorEmail: String,
        authorURL: String, status: MockCommentStatus, content: String, date: Date, type: String,
        noteStatus: MockNoteStatus? = nil
    ) {
        self.id = id
        self.post = post
        self.parent = parent
        self.author = author
        self.authorName = authorName
        self.authorEmail = authorEmail
        self.authorURL = authorURL
        self.status = status
        self.content = content
        self.date = date
        self.type = type
        self.noteStatus = noteStatus
    }
}
