/// An address a comment was written from, whose history on the site a moderator checks.
public enum AuthorAddress: Hashable, Sendable, Codable {
    /// The author's e-mail address (WordPress's `author_email` filter finds its comments).
    case email(String)
    /// The author's IP (WordPress's `search` matches `author_IP`, among other fields).
    case ip(String)

    /// The address as written.
    public var text: String {
        switch self {
        case .email(let text), .ip(let text): text
        }
    }
}

/// How many comments an address has on the site, by status — what a moderator looks at
/// first ("first comment from this address").
public struct AddressHistory: Hashable, Sendable, Codable {
    /// Approved comments.
    public var approved: Int
    /// Comments awaiting moderation.
    public var pending: Int
    /// Comments marked as spam.
    public var spam: Int
    /// Whether the counts are at least these (an IP search found more comments than one
    /// request lists); false when exact.
    public var isLowerBound: Bool

    /// Describes a history.
    public init(approved: Int, pending: Int, spam: Int, isLowerBound: Bool = false) {
        self.approved = approved
        self.pending = pending
        self.spam = spam
        self.isLowerBound = isLowerBound
    }

    /// All of them (the trash left out, as wp-admin's counts do).
    public var total: Int { approved + pending + spam }
}

/// Where the site's answer about an address stands: asked once per address and site, then
/// kept until it may have changed (a write to a comment from the address, a new comment
/// from it, a reload) or, when the site could not count, until the site answers again.
public enum HistoryLookup: Equatable, Sendable {
    /// Asked; the answer is on its way.
    case loading
    /// The site's counts.
    case loaded(AddressHistory)
    /// The site could not say (in words).
    case failed(String)
}
