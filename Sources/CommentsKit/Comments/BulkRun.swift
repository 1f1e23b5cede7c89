/// A bulk action under way: the comments still to send, in the order shown, those in
/// flight, and how each sent one ended. At most ``concurrency`` requests are in flight, each
/// a single write or, where the site allows it, a `/batch/v1` request of up to
/// ``batchSize`` writes; when one ends, the next is sent. Kept in ``CommentsState``, so time
/// travel and replay see it.
public struct BulkRun: Equatable, Sendable {
    /// How many requests a bulk run keeps in flight. A constant of its own until loading
    /// gains a concurrency setting to share (issue 13 asks for the same one).
    public static let concurrency = 4

    /// Numbers the runs of a session.
    public let number: Int
    /// The ``UndoEntry/batch`` its undo steps carry: its own number, or, for a retry of a
    /// run's failures, that run's, so that one undo reverts the run and its retries.
    let undoBatch: Int
    /// The site.
    public let site: SiteID
    /// What the run does, for its words ("Spam", "Undo").
    public let verb: String
    /// Whether this run reverts an earlier bulk action.
    public let isUndo: Bool
    /// Whether one undo reverts it (not a deletion, not an undo).
    public let isUndoable: Bool
    /// Whether it acts on the user's tagged comments, which stay tagged where it fails (an
    /// undo's and an Empty Spam's comments were never tagged).
    let isOfTags: Bool
    /// How many comments it set out to change.
    public let total: Int
    /// The comments not sent yet, next first.
    public internal(set) var queue: [BulkItem]
    /// The comments in flight, by the operation of their write.
    public internal(set) var inFlight: [Int: BulkItem] = [:]
    /// The comments the site changed.
    public internal(set) var succeeded: [Int] = []
    /// The comments left alone because nothing was to be done (already so, not in the trash).
    public internal(set) var skipped: [Int] = []
    /// The comments not sent because they changed on the site since the run was asked for,
    /// with what changed (each now shows as the site has it).
    public internal(set) var changed: [WriteConflict] = []
    /// The queued comments compared with the site so far, as the site has them (nil:
    /// deleted): a chunk of the queue is read in one list before its writes go.
    var verified: [Int: CommentSnapshot?] = [:]
    /// The status an Empty Spam / Empty Trash deletes: what each of its comments, loaded or
    /// not, must still be on the site to be deleted.
    var emptying: CommentStatus?
    /// Whether the list of the next chunk is on its way.
    public internal(set) var isChecking = false
    /// The comments that failed, in the order their answers came, each with the reason in
    /// words; each was put back as it was.
    public internal(set) var failures: [BulkFailure] = []
    /// Set when the user stopped the run: what was not sent stays unsent.
    public internal(set) var isStopped = false
    /// How many writes go in one request: 1 (single requests), more when the site's comment
    /// routes allow `/batch/v1`; nil while the site's index is being read to find out (then
    /// single requests).
    public internal(set) var batchSize: Int?
    /// The request each write in flight went in (the operation of its batch's first write).
    var requestOfOperation: [Int: Int] = [:]

    /// How many requests are in flight.
    var requestsInFlight: Int { Set(requestOfOperation.values).count }

    /// How many comments have an answer (or were skipped, or found changed).
    public var finishedCount: Int { succeeded.count + skipped.count + changed.count + failures.count }

    /// Whether nothing is left to send or to hear back about.
    public var isOver: Bool { inFlight.isEmpty && (queue.isEmpty || isStopped) }

    /// The failed comments, in the order their answers came.
    public var failedItems: [BulkItem] { failures.map(\.item) }

    /// How many failed for each reason, the commonest first (ties by reason).
    public var failureCounts: [(reason: String, count: Int)] {
        Dictionary(failures.map { ($0.reason, 1) }, uniquingKeysWith: +)
            .sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { ($0.key, $0.value) }
    }
}

/// A comment of a bulk run that the site did not change, and why, in words.
public struct BulkFailure: Equatable, Sendable {
    /// Why: the error in words (the end notice groups by it).
    public let reason: String
    /// The comment and what was to be done to it.
    public let item: BulkItem
}
