/// What the edit context tells a moderator about who wrote a comment: the author's e-mail
/// address, IP and browser (all untrusted text, possibly empty: WordPress stores what the
/// comment form sent). Absent (nil on ``CommentEntry/facts``) when the comment was read in
/// the view context.
public struct AuthorFacts: Sendable, Hashable {
    /// `author_email`.
    public var email: String
    /// `author_ip`.
    public var ip: String
    /// `author_user_agent`.
    public var userAgent: String

    /// Describes an author.
    public init(email: String, ip: String, userAgent: String) {
        self.email = email
        self.ip = ip
        self.userAgent = userAgent
    }

    /// The facts `comment` carries; nil when it was read in the view context (none of
    /// the three fields is there).
    init?(_ comment: Comment) {
        guard comment.authorEmail != nil || comment.authorIP != nil || comment.authorUserAgent != nil else { return nil }
        email = comment.authorEmail ?? ""
        ip = comment.authorIP ?? ""
        userAgent = comment.authorUserAgent ?? ""
    }

    /// The addresses whose history a moderator looks at: the e-mail, then the IP (each
    /// only when known).
    public var addresses: [AuthorAddress] {
        var addresses: [AuthorAddress] = []
        if !email.isEmpty { addresses.append(.email(email)) }
        if !ip.isEmpty { addresses.append(.ip(ip)) }
        return addresses
    }
}
