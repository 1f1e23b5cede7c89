/// What ``CommentsStore`` has asked the sites and not yet heard back about, and the
/// counters that name its requests: kept in ``CommentsState`` (not beside it), so the
/// store is a function of the actions it handled and a ``RecorderMiddleware`` that puts
/// a state back puts back the requests in flight with it.
///
/// The tasks that run the requests cannot live in a state; the store's effect runner keeps
/// them, and their answers name the ids kept here (a ticket, an operation), so an answer
/// is accepted only when the state it lands on still waits for it.
public struct CommentsRequests: Equatable, Sendable {
    /// The page requests in flight per query, by page.
    var fetches: [CommentsQuery: [Int: FetchTicket]] = [:]
    /// The last ticket handed out (tickets name page requests).
    var lastTicket = 0
    /// The writes in flight, by operation.
    var writes: [Int: PendingWrite] = [:]
    /// The last operation handed out (operations name writes).
    var lastOperation = 0
    /// The id the next reply written here gets while it is being sent (negative).
    var nextLocalID = -1
    /// Increases with every write that starts or ends.
    var writeRevision = 0
    /// Per site, per comment: the write revision of its last local change.
    var localRevisions: [SiteID: [Int: Int]] = [:]
    /// Status before the trash, for comments trashed here (what `restore` puts back).
    var statusBeforeTrash: [SiteID: [Int: CommentStatus]] = [:]
    /// The sequence of the last notice.
    var noticeSequence = 0
    /// Posts whose title was asked for, per site: asked once per run.
    var requestedPosts: [SiteID: Set<Int>] = [:]
    /// Per site, the comments with a write waiting in the outbox: a page does not
    /// overwrite their change any more than one in flight.
    var queued: [SiteID: Set<Int>] = [:]

    /// How many writes are in flight.
    public var writeCount: Int { writes.count }

    /// The pages of `query` requested and not answered yet.
    public func pagesInFlight(_ query: CommentsQuery) -> Set<Int> {
        Set(fetches[query]?.keys ?? [:].keys)
    }

    /// Hands out the next ticket.
    mutating func takeTicket() -> Int {
        lastTicket += 1
        return lastTicket
    }

    /// Records `write` as started; returns its operation. The comment it changes counts
    /// as changed here now (a page that left before does not overwrite it).
    mutating func begin(_ write: PendingWrite) -> Int {
        lastOperation += 1
        writeRevision += 1
        writes[lastOperation] = write
        if let id = write.commentID {
            localRevisions[write.site, default: [:]][id] = writeRevision
        }
        return lastOperation
    }

    /// Takes the write `operation` off the writes in flight (nil: not in flight, as
    /// after a cancel or a time travel to before it), marking its comment (and, for a
    /// posted reply, `postedID`) as changed here now.
    mutating func finish(_ operation: Int, postedID: Int?) -> PendingWrite? {
        guard let write = writes.removeValue(forKey: operation) else { return nil }
        writeRevision += 1
        if let id = write.commentID {
            localRevisions[write.site, default: [:]][id] = writeRevision
        }
        // A posted reply is newer than any page already on its way: that page must neither
        // overwrite nor remove it (a reload's first page would take it for deleted).
        if case .reply = write.change, let postedID {
            localRevisions[write.site, default: [:]][postedID] = writeRevision
        }
        return write
    }

    /// The comments of `site` with a write in flight or waiting in the outbox.
    func commentsBeingWritten(on site: SiteID) -> Set<Int> {
        Set(writes.values.filter { $0.site == site }.compactMap(\.commentID)).union(queued[site] ?? [])
    }
}

/// A page request in flight: which one, and the write revision when it left.
struct FetchTicket: Equatable, Sendable {
    let id: Int
    let revision: Int
}
