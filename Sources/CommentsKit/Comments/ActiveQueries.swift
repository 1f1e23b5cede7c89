/// The queries views hold receipts for (``CommentsStore/query(_:)``), each with how many
/// receipts hold it. Kept in ``CommentsState`` and changed only by
/// ``CommentsAction/queryStarted(_:)`` and ``CommentsAction/queryEnded(_:)``, so what the
/// store loads is a function of its action history, and time travel puts it back too.
public struct ActiveQueries: Equatable, Sendable {
    /// The active queries, oldest first, each once: the order their first pages are asked.
    public private(set) var queries: [CommentsQuery] = []
    private var receipts: [CommentsQuery: Int] = [:]

    /// None active.
    public init() {}

    /// How many receipts hold `query`.
    public func receiptCount(for query: CommentsQuery) -> Int {
        receipts[query] ?? 0
    }

    /// Whether any receipt holds `query`.
    public func contains(_ query: CommentsQuery) -> Bool {
        receipts[query] != nil
    }

    /// One more receipt holds `query`; returns whether it was not active before.
    mutating func add(_ query: CommentsQuery) -> Bool {
        let isNew = receipts[query] == nil
        receipts[query, default: 0] += 1
        if isNew { queries.append(query) }
        return isNew
    }

    /// One receipt of `query` ended; returns whether the query stopped being active. An
    /// end for a query no receipt holds (a stray action) changes nothing.
    mutating func remove(_ query: CommentsQuery) -> Bool {
        guard let count = receipts[query] else { return false }
        guard count == 1 else {
            receipts[query] = count - 1
            return false
        }
        receipts[query] = nil
        queries.removeAll { $0 == query }
        return true
    }
}
