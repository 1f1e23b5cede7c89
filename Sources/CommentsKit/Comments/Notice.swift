/// The outcome of something the user did or the site answered, in words, for the status
/// bar; it belongs to a site (or to none, for what concerns parley as a whole) and to a
/// moment (``sequence``), so the status bar can tell whose it is and whether it is news.
public struct Notice: Equatable, Sendable {
    /// How the status bar should present it.
    public enum Kind: Equatable, Sendable { case info, error }

    /// What a notice is about, so the success that answers an error can clear it.
    public enum Topic: Hashable, Sendable {
        /// Loading the site's comments.
        case loading
        /// Checking the login.
        case login
        /// A write on this comment (a local id for a reply being written).
        case comment(Int)
    }

    /// Increases with every notice, so the same words twice still count as news.
    public let sequence: Int
    /// Info or error.
    public let kind: Kind
    /// One sentence: "Reply posted", "Trash failed: … — restored".
    public let message: String
    /// The site it is about; nil for a notice about parley itself.
    public let site: SiteID?
    /// What it is about, if it answers something a later success may settle.
    public let topic: Topic?

    /// Makes a notice.
    public init(sequence: Int, kind: Kind, message: String, site: SiteID? = nil, topic: Topic? = nil) {
        self.sequence = sequence
        self.kind = kind
        self.message = message
        self.site = site
        self.topic = topic
    }
}
