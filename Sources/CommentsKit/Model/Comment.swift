import Foundation

/// One WordPress comment, as the client keeps it.
public struct Comment: Sendable, Hashable, Identifiable {
    /// The comment id (unique within its site).
    public var id: Int
    /// The post the comment belongs to.
    public var post: Int
    /// The comment it answers; 0 for a top-level comment.
    public var parent: Int
    /// The author's user id; 0 for a guest.
    public var author: Int
    /// The author's display name (untrusted text).
    public var authorName: String
    /// The author's web site, possibly empty (untrusted text).
    public var authorURL: String
    /// When it was written, from `date_gmt` (WordPress sends no zone: it is UTC).
    public var date: Date
    /// `content.rendered`: HTML with typographic entities. Use ``HTMLText`` to show it.
    public var contentHTML: String
    /// `content.raw`, sent only in the edit context.
    public var contentRaw: String?
    /// The comment's public URL.
    public var link: String
    /// The moderation status.
    public var status: CommentStatus
    /// `comment`, `pingback` or `trackback`.
    public var type: String
    /// `author_email`, sent only in the edit context (untrusted text).
    public var authorEmail: String? = nil
    /// `author_ip`, sent only in the edit context (untrusted text).
    public var authorIP: String? = nil
    /// `author_user_agent`, sent only in the edit context (untrusted text).
    public var authorUserAgent: String? = nil

    /// Creates a comment; `contentRaw`, `link` and `type` have the defaults of a fresh comment.
    public init(
        id: Int, post: Int, parent: Int = 0, author: Int = 0, authorName: String, authorURL: String = "",
        date: Date, contentHTML: String, contentRaw: String? = nil, link: String = "",
        status: CommentStatus = .approved, type: String = "comment"
    ) {
        self.id = id
        self.post = post
        self.parent = parent
        self.author = author
        self.authorName = authorName
        self.authorURL = authorURL
        self.date = date
        self.contentHTML = contentHTML
        self.contentRaw = contentRaw
        self.link = link
        self.status = status
        self.type = type
    }
}
