/// What the spam score reads of one comment: its text as the site stores it (HTML) and who
/// wrote it. Plain strings, so the score knows nothing of where comments come from.
public struct SpamEvidence: Sendable, Hashable {
    /// The comment's content, HTML as WordPress stores it (`content.raw`, or the rendered HTML).
    public var html: String
    /// The author's name as given.
    public var authorName: String
    /// The author's e-mail address, when the site shows it (edit context).
    public var authorEmail: String?
    /// The author's URL.
    public var authorURL: String?
    /// The address the comment came from, when the site shows it.
    public var authorIP: String?

    public init(html: String, authorName: String = "", authorEmail: String? = nil, authorURL: String? = nil, authorIP: String? = nil) {
        self.html = html
        self.authorName = authorName
        self.authorEmail = authorEmail
        self.authorURL = authorURL
        self.authorIP = authorIP
    }
}
