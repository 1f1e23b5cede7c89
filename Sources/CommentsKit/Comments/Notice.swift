/// The outcome of something the user did or the site answered, for the status bar: what
/// happened in words (``message``), what can be done next (``nextStep``, named by what it
/// does, never by a key: the interface words it with the keys it binds) and the error
/// (``detail``). It belongs to a site (or to none, for what concerns parley as a whole)
/// and to a moment (``sequence``), so the status bar can tell whose it is and whether it
/// is news.
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

    /// What the user can do next about a notice. The interface words it with the keys it
    /// binds to the actions named here, so rebinding a key changes the hint.
    public enum NextStep: Equatable, Sendable {
        /// Undo the change (``CommentsAction/undo``): "z to undo".
        case undo
        /// Send the failed reply again (`reply` on it) or discard it (`trash` on it).
        case retryOrDiscardReply
        /// Edit the comment again, from the text that was kept (`edit`).
        case editAgain
        /// Send again what failed in the last bulk action (``CommentsAction/retryBulkFailures``).
        case retryBulkFailures
    }

    /// Increases with every notice, so the same words twice still count as news.
    public let sequence: Int
    /// Info or error.
    public let kind: Kind
    /// One sentence: "Reply posted.", "Trash failed: … — restored." With a
    /// ``nextStep``, the sentence without its end ("Comment moved to the trash"): the
    /// interface appends the step, then the ``detail``, and ends it.
    public let message: String
    /// What can be done next, if anything.
    public let nextStep: NextStep?
    /// The error that caused it, in words, said after the next step (only with one).
    public let detail: String?
    /// The site it is about; nil for a notice about parley itself.
    public let site: SiteID?
    /// What it is about, if it answers something a later success may settle.
    public let topic: Topic?

    /// Makes a notice.
    public init(
        sequence: Int, kind: Kind, message: String, site: SiteID? = nil, topic: Topic? = nil,
        nextStep: NextStep? = nil, detail: String? = nil
    ) {
        self.sequence = sequence
        self.kind = kind
        self.message = message
        self.nextStep = nextStep
        self.detail = detail
        self.site = site
        self.topic = topic
    }
}
