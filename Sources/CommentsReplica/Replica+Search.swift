import GRDB

extension Replica {
    /// The ids of the comments matching `query`, newest id first, in batches of
    /// `batchSize` as they are found, so a list can fill while the search goes on.
    ///
    /// Ending the iteration (or cancelling the task that iterates) cancels the query in
    /// flight: GRDB interrupts the SQLite statement, so a new keystroke does not wait
    /// for the previous one's scan. The stream then ends with ``ReplicaError/cancelled``.
    /// All batches come from one snapshot: pages written meanwhile do not half-appear.
    package func search(_ query: ReplicaSearchQuery, batchSize: Int = 1000) -> AsyncThrowingStream<[Int], any Error> {
        let size = Swift.max(1, batchSize)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await reading { db in
                        let ids = try Int.fetchCursor(db, sql: query.sql, arguments: query.arguments)
                        var batch: [Int] = []
                        batch.reserveCapacity(size)
                        while let id = try ids.next() {
                            batch.append(id)
                            guard batch.count == size else { continue }
                            continuation.yield(batch)
                            batch.removeAll(keepingCapacity: true)
                        }
                        if !batch.isEmpty { continuation.yield(batch) }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Merges up to `pages` pages' worth of the search index's segments, in a transaction
    /// of its own; returns whether there was anything to merge (call again while it says so,
    /// when idle: after a revalidation, between keystrokes that search nothing).
    ///
    /// Page writes do not merge (see ``ReplicaSchema``), so that a page costs what its own
    /// rows cost; this is the deferred part, and searches are faster after it.
    @discardableResult
    package func mergeSearchIndex(pages: Int = 256) async throws(ReplicaError) -> Bool {
        try await writing { db in
            let before = db.totalChangesCount
            // FTS5 counts a merge that did work as at least two changes; less means done.
            try db.execute(sql: "INSERT INTO comment_search (comment_search, rank) VALUES ('merge', ?)", arguments: [-Swift.max(1, pages)])
            return db.totalChangesCount - before >= 2
        }
    }

    /// Every id matching `query`, newest id first (the whole of ``search(_:batchSize:)``).
    package func searchIDs(_ query: ReplicaSearchQuery) async throws(ReplicaError) -> [Int] {
        try await reading { db in try Int.fetchAll(db, sql: query.sql, arguments: query.arguments) }
    }
}
