import Foundation

/// The writes made while their site could not be reached, waiting to be sent (issue 14's
/// outbox), and how each site stands for them: in ``CommentsState``, so the store is a
/// function of its actions. The replica keeps the same entries across restarts
/// (``CommentsCache``); ``OutboxSendReducer`` sends them, oldest first, one at a time per site.
public struct OutboxState: Equatable, Sendable {
    /// The entries, in the order they are sent (every site together; each site's in its order).
    public internal(set) var items: [OutboxItem] = []
    /// Sites parley was told not to reach (`--offline`): nothing is sent to them.
    public internal(set) var offline: Set<SiteID> = []
    /// Sites whose last answer said they cannot be reached (refused, not found, no network).
    public internal(set) var unreachable: Set<SiteID> = []
    /// The last entry number handed out.
    var lastNumber = 0
    /// Seconds the retry timer of each site waits next (doubling up to ``maximumRetry``).
    var retryDelay: [SiteID: Int] = [:]

    /// The first wait before sending again, and the longest.
    static let firstRetry = 5, maximumRetry = 60
    /// Entries the site refused when they were sent, with its reason (``OutboxItem/lastProblem``):
    /// kept until dismissed (``CommentsAction/dropOutboxEntry(number:)``), so the user can
    /// read what was lost. No longer sent, counted or kept across restarts.
    public internal(set) var refused: [OutboxItem] = []
    /// What the sends of each site came to since its outbox last emptied: said together
    /// once it empties (``OutboxTally``).
    var tallies: [SiteID: OutboxTally] = [:]

    /// What the outbox overlay lists: the entries waiting, then the refused ones.
    public var listed: [OutboxItem] { items + refused }

    /// An empty outbox.
    public init() {}

    /// The entries of `site`, in order.
    public func items(of site: SiteID) -> [OutboxItem] { items.filter { $0.site == site } }

    /// How many entries wait (every site).
    public var count: Int { items.count }

    /// The entry numbered `number`.
    public func item(_ number: Int) -> OutboxItem? { items.first { $0.number == number } }

    mutating func update(_ number: Int, _ body: (inout OutboxItem) -> Void) {
        guard let index = items.firstIndex(where: { $0.number == number }) else { return }
        body(&items[index])
    }
}

/// One write waiting in the outbox.
public struct OutboxItem: Equatable, Sendable, Identifiable {
    /// Where it is in its life.
    public enum Phase: Equatable, Sendable {
        /// Waiting for the site to answer; may be dropped.
        case queued
        /// On its way to the site: it can no longer be dropped.
        case sending
        /// The site refused it (why: ``lastProblem``); only listed until dismissed.
        case refused
    }

    /// Its number in this run (names it in actions).
    public let number: Int
    /// The site it is for.
    public let site: SiteID
    /// What it does.
    public internal(set) var write: OutboxWrite
    /// When it was made.
    public let created: Date
    /// Queued or sending.
    public internal(set) var phase: Phase = .queued
    /// Its entry in the cache's outbox, once kept there.
    public internal(set) var record: Int64?
    /// Whether the cache is still keeping it (it is sent only once kept, so that marking
    /// it sent finds it).
    public internal(set) var isStoring = false
    /// Why the last try did not get through, if one did not (refused: the site's reason).
    public internal(set) var lastProblem: String?

    public var id: Int { number }
}

/// A write kept in the outbox: what is needed to send it again, show it, and put the
/// comment back if the site refuses it, also after a restart (it is stored as JSON).
public enum OutboxWrite: Equatable, Sendable, Codable {
    /// A status change of comment `id`, from `from`.
    case moderation(id: Int, from: CommentStatus, to: Moderation)
    /// Deleting comment `id` for good.
    case deletion(id: Int)
    /// A reply under `parent` on `post`, shown as the local comment `localID`.
    case reply(localID: Int, post: Int, parent: Int, text: String, sentAt: Date)
    /// New text for comment `id`; `previous` is the text it had (its source, when known);
    /// `author`: the author's fields a Quick Edit changes too (empty: the text alone).
    case edit(id: Int, previous: String, text: String, author: AuthorEdit)

    /// The comment it acts on (a reply: its local id).
    public var commentID: Int {
        switch self {
        case .moderation(let id, _, _), .deletion(let id), .edit(let id, _, _, _): id
        case .reply(let localID, _, _, _, _): localID
        }
    }

    /// What it does, in words ("reply", "approve", "delete for good").
    public var verb: String {
        switch self {
        case .moderation(_, _, let to): to.verb.lowercased()
        case .deletion: "delete for good"
        case .reply: "reply"
        case .edit: "edit"
        }
    }
}

/// An entry read back from the cache's outbox at start.
public struct StoredOutboxEntry: Equatable, Sendable, Codable {
    /// Its number in the cache.
    public let record: Int64
    /// What it does.
    public let write: OutboxWrite
    /// When it was made.
    public let created: Date

    /// The entry kept as `record`, made at `created`.
    public init(record: Int64, write: OutboxWrite, created: Date) {
        self.record = record
        self.write = write
        self.created = created
    }
}

/// The sends of one site's outbox since it last emptied: how many the site took, and the
/// refusals in words. One write's own notice says how it went; several are said together
/// once the outbox is empty, so that the last one's notice does not hide the others'.
struct OutboxTally: Equatable, Sendable {
    /// How many the site took.
    var sent = 0
    /// "approve Maggie Holloway's comment: the site said …", one per refused entry.
    var refusals: [String] = []

    /// How many were sent, taken or refused.
    var total: Int { sent + refusals.count }

    /// "3 queued writes sent." or "1 of 3 queued writes sent; the site refused 2: …; …."
    var sentence: String {
        let writes = "queued write\(total == 1 ? "" : "s")"
        guard !refusals.isEmpty else { return "\(count: total) \(writes) sent." }
        // A site's reason often ends a sentence of its own: one full stop, at the end.
        let reasons = refusals.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
        return "\(count: sent) of \(count: total) \(writes) sent; the site refused \(count: refusals.count): "
            + reasons.joined(separator: "; ") + "."
    }
}
