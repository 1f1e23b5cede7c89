import Foundation

/// How many comments a site has of each status, as wp-admin counts them (`X-WP-Total` of its
/// comments and of its pings, never its notes).
public struct StatusCounts: Equatable, Sendable, Codable {
    /// Approved comments.
    public var approved = 0
    /// Pending comments (`hold`).
    public var hold = 0
    /// Spam.
    public var spam = 0
    /// Comments in the trash.
    public var trash = 0

    /// No comments.
    public init() {}

    /// The counts of a ``WordPressClient/countsByStatus(post:kinds:)`` answer (a status it left
    /// out counts 0).
    public init(_ counts: [CommentStatus: Int]) {
        for (status, count) in counts { self[status] = count }
    }

    /// The count of `status`.
    public subscript(status: CommentStatus) -> Int {
        get {
            switch status {
            case .approved: approved
            case .hold: hold
            case .spam: spam
            case .trash: trash
            }
        }
        set {
            switch status {
            case .approved: approved = newValue
            case .hold: hold = newValue
            case .spam: spam = newValue
            case .trash: trash = newValue
            }
        }
    }
}

extension StatusCounts {
    /// One comment out of `from` (never below 0) and into `to` (nil: deleted for good).
    mutating func move(from: CommentStatus, to: CommentStatus?) {
        self[from] = max(0, self[from] - 1)
        if let to { self[to] += 1 }
    }
}

/// What parley knows of one site's counts per status: the site's last answer, when it was
/// asked, and the writes made here since, which change the counts at once (optimistic, like
/// the list) until an answer asked after them settles them.
///
/// At most one request is in flight per site: a reason to ask again while one is on its
/// way is kept (``askAgain``) and asked when it ends, so a burst of moderation costs two
/// rounds of requests, not one per comment.
public struct SiteCounts: Equatable, Sendable {
    /// The site's last answer; nil until one arrives.
    public internal(set) var server: StatusCounts?
    /// When the request of ``server`` was asked.
    public internal(set) var askedAt: Date?
    /// Why the last request failed, in words; nil after a success.
    public internal(set) var problem: String?
    /// Writes made here that ``server`` does not show yet.
    var adjustments: [CountAdjustment] = []
    /// The last request asked (tickets count per site, from 1).
    var lastTicket = 0
    /// The request in flight, with when it was asked.
    var inFlight: (ticket: Int, askedAt: Date)?
    /// Whether to ask again when the request in flight ends (something changed meanwhile).
    var askAgain = false

    /// Nothing asked yet.
    public init() {}

    /// Whether a request for the counts is on its way.
    public var isAsking: Bool { inFlight != nil }

    /// The counts to show: the site's answer with the writes made here since applied (never
    /// below 0); nil until the site answered.
    public var current: StatusCounts? {
        guard var counts = server else { return nil }
        for adjustment in adjustments { counts.move(from: adjustment.from, to: adjustment.to) }
        return counts
    }

    public static func == (lhs: SiteCounts, rhs: SiteCounts) -> Bool {
        lhs.server == rhs.server && lhs.askedAt == rhs.askedAt && lhs.problem == rhs.problem
            && lhs.adjustments == rhs.adjustments && lhs.lastTicket == rhs.lastTicket
            && lhs.inFlight?.ticket == rhs.inFlight?.ticket && lhs.inFlight?.askedAt == rhs.inFlight?.askedAt
            && lhs.askAgain == rhs.askAgain
    }
}

/// One write made here, as it moves a comment between the counts: out of `from`, into `to`
/// (nil: deleted for good). Applied until an answer to a request asked after the write
/// ended arrives (`settledBy`, a ticket; nil while the write is in flight).
struct CountAdjustment: Equatable, Sendable {
    let operation: Int
    let from: CommentStatus
    let to: CommentStatus?
    var settledBy: Int?
}
