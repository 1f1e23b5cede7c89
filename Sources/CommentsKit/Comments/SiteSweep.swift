import Foundation

/// How the background refresh of one site stands (``SweepReducer``): what is in flight,
/// what the budget still owes, and where the rolling re-read of the approved comments is.
/// In ``CommentsState``, so a replay and time travel put it back with the rest.
public struct SiteSweep: Equatable, Sendable {
    /// When the site's pending, spam and trash comments were last read in full: how fresh
    /// the view is (the header says so when it is old).
    public internal(set) var checkedAt: Date?
    /// Every request the refresh made of this site (polls are not its), for the budget's
    /// figures.
    public internal(set) var requestsSent = 0
    /// Whether the statuses are to be read at the next tick the budget allows (a poll asked).
    var statusCheckDue = false
    /// The status check under way, and how far it has read.
    var statusCheck: SweepRequest?
    var progress = StatusCheckProgress()
    /// The re-read in flight.
    var recheck: SweepRequest?
    /// Requests made without a tick of their own (a re-read asked by the cursor, a reader's
    /// counts): the next ticks pay for them before anything else goes, so the budget holds.
    var debt = 0
    /// Ticks the re-reads waiting get before the next status check (as many as the last
    /// check took).
    var rereadTicksOwed = 0
    /// Comments to re-read before the rolling ones: they left the pending, spam and trash
    /// lists (approved again, or deleted), or changed there and their text and the cache
    /// follow, or the cursor rests on one.
    var urgent: [Int] = []
    /// The row (thread order) the rolling re-read of the approved comments goes on from;
    /// nil: the round is done, the next poll starts another.
    var position: Int?
    /// Whether the ticker runs.
    var isTicking = false
    /// Comments changed in memory by a status list whose whole comment the cache has not
    /// had yet: the re-read that brings their text writes them.
    var unsaved: Set<Int> = []

    /// Nothing asked yet.
    public init() {}

    /// Whether a request of the refresh is on its way (a page of a status check, a re-read).
    public var isAsking: Bool { progress.asking != nil || recheck != nil }

    /// Whether anything is left to send: a status check due or under way, comments to re-read.
    var hasWork: Bool { statusCheckDue || statusCheck != nil || !urgent.isEmpty || position != nil }
}

/// A request of the refresh in flight: its ticket, the write revision when it left (a
/// comment changed here since keeps its local state) and, for a re-read, the ids asked.
struct SweepRequest: Equatable, Sendable {
    let ticket: Int
    let revision: Int
    var ids: [Int] = []
}

/// How far a status check has read, a page per tick: the lists done, the one being read,
/// the approved count.
struct StatusCheckProgress: Equatable, Sendable {
    var done: [StatusListing] = []
    var current: StatusListing?
    var nextPage = 1
    var approved: Int?
    /// The status of the page in flight; nil: none is.
    var asking: CommentStatus?

    /// The next page to ask: a page of the next list (`hold`, `spam`, `trash`), then the
    /// approved count (one comment a page); nil when all is read.
    var next: (status: CommentStatus, page: Int, perPage: Int)? {
        if done.count < SweepReducer.listedStatuses.count { return (SweepReducer.listedStatuses[done.count], nextPage, 100) }
        return approved == nil ? (.approved, 1, 1) : nil
    }
}
