import Foundation

/// A comment as the stores keep it: the fields the client shows and filters on, its text
/// made plain once, and what is happening to it locally.
///
/// The rendered HTML is not kept: it is turned into ``text`` on arrival, and a million
/// comments' HTML would double what the client holds. (``SiteComments`` stores entries
/// column by column and hands out `CommentEntry` values on demand.)
public struct CommentEntry: Equatable, Sendable, Identifiable {
    /// The comment's id (negative for a reply written here and not yet posted).
    public internal(set) var id: Int
    /// The post the comment belongs to.
    public internal(set) var post: Int
    /// The comment it answers; 0 for a top-level comment.
    public internal(set) var parent: Int
    /// The author's user id; 0 for a guest.
    public internal(set) var author: Int
    /// The author's display name (untrusted text).
    public internal(set) var authorName: String
    /// The author's web site, possibly empty (untrusted text).
    public internal(set) var authorURL: String
    /// When it was written (UTC).
    public internal(set) var date: Date
    /// The comment's public URL, possibly empty.
    public internal(set) var link: String
    /// The moderation status.
    public internal(set) var status: CommentStatus
    /// `comment`, `pingback` or `trackback`.
    public internal(set) var type: String
    /// What the author wrote (`content.raw`), once read in the edit context.
    public internal(set) var contentRaw: String?
    /// The content as plain text: tags gone, entities decoded, links kept visible.
    /// Computed once per content change, not per frame. Not yet sanitised for a
    /// terminal: the view layer does that.
    public internal(set) var text: String
    /// The author's e-mail address, IP and user agent, once read in the edit context
    /// (untrusted text); nil until then.
    public internal(set) var facts: AuthorFacts?
    /// What is happening to it locally, if anything.
    public var mark: LocalMark?
    /// Whether a permanent deletion is on its way: hidden from lists until the server
    /// answers; shown again where it was if the deletion fails.
    public var isBeingDeleted = false

    /// Whether it is a reply written here and not (yet) on the server.
    public var isLocal: Bool { id < 0 }

    /// What kind of comment it is (``type`` read): a ping shows the linking site.
    public var commentType: CommentType { CommentType(wordPress: type) }

    /// Takes `comment` as the server describes it, converting its HTML to text.
    public init(_ comment: Comment, mark: LocalMark? = nil) {
        self.init(comment, mark: mark, plainText: nil)
    }

    /// Takes `comment` with `plainText`, its HTML as text already (converted off the main
    /// actor: ``CommentPage/plainTexts``); nil converts it here.
    init(_ comment: Comment, mark: LocalMark? = nil, plainText: String?) {
        id = comment.id
        post = comment.post
        parent = comment.parent
        author = comment.author
        authorName = comment.authorName
        authorURL = comment.authorURL
        date = comment.date
        link = comment.link
        status = comment.status
        type = comment.type
        contentRaw = comment.contentRaw
        text = plainText ?? HTMLText.plainText(fromHTML: comment.contentHTML)
        facts = AuthorFacts(comment)
        self.mark = mark
    }

    /// An entry from stored fields (``CommentTable`` rebuilding one).
    init(
        id: Int, post: Int, parent: Int, author: Int, authorName: String, authorURL: String, date: Date,
        link: String, status: CommentStatus, type: String, contentRaw: String?, text: String,
        mark: LocalMark?, isBeingDeleted: Bool, facts: AuthorFacts? = nil
    ) {
        self.id = id
        self.post = post
        self.parent = parent
        self.author = author
        self.authorName = authorName
        self.authorURL = authorURL
        self.date = date
        self.link = link
        self.status = status
        self.type = type
        self.contentRaw = contentRaw
        self.text = text
        self.mark = mark
        self.isBeingDeleted = isBeingDeleted
        self.facts = facts
    }

    /// Replaces the server's fields with `comment`'s, keeping the local mark and a
    /// deletion on its way. A comment read in the view context has no e-mail, IP or source:
    /// what the edit context brought stays (the source only while the text is the same).
    mutating func update(_ comment: Comment, plainText: String? = nil) {
        let deleting = isBeingDeleted
        let previous = self
        self = CommentEntry(comment, mark: mark, plainText: plainText)
        isBeingDeleted = deleting
        if facts == nil { facts = previous.facts }
        if contentRaw == nil, text == previous.text { contentRaw = previous.contentRaw }
    }

    /// Takes the edit context's facts and source from `comment` (the same comment read
    /// again as a moderator), changing nothing else.
    mutating func takeFacts(from comment: Comment) {
        if let facts = AuthorFacts(comment) { self.facts = facts }
        if let raw = comment.contentRaw { contentRaw = raw }
    }

    /// Replaces the content (an edit written here): `html` as the server would render it.
    mutating func setContent(html: String, raw: String?) {
        text = HTMLText.plainText(fromHTML: html)
        contentRaw = raw
    }

    /// Puts back the content `previous` had (an edit the server refused).
    mutating func restoreContent(from previous: CommentEntry) {
        text = previous.text
        contentRaw = previous.contentRaw
    }

    /// Changes only the status (optimistic moderation).
    mutating func setStatus(_ status: CommentStatus) {
        self.status = status
    }

    /// Moves the comment under another parent (its parent was deleted for good).
    mutating func setParent(_ parent: Int) {
        self.parent = parent
    }
}
