import CommentsKit

/// The search through a replica's index (issue 14), for the comments store's background
/// search of a large site.
extension ReplicaCache {
    /// The ids of `site`'s comments matching `needle` (``ReplicaSearchQuery``), once write
    /// `sequence` and every one before it is applied: the answer is that of the comments the
    /// store had when the search started. Nil for a needle the trigram index cannot look up
    /// (under three characters: the caller's scan is cheaper than the replica's).
    ///
    /// Cancelling the calling task stops the wait and interrupts the query in flight
    /// (``Replica/search(_:batchSize:)``); the call then throws.
    package func searchIDs(site: SiteID, matching needle: String, through sequence: Int) async throws -> [Int]? {
        guard let query = ReplicaSearchQuery(needle), query.usesIndex else { return nil }
        try await writesApplied(through: sequence)
        let replica = try replica(of: site)
        var ids: [Int] = []
        for try await batch in replica.search(query, batchSize: 8192) { ids += batch }
        try Task.checkCancellation()
        return ids
    }

    /// Returns once write `sequence` is applied (at once if it is); throws when the calling
    /// task is cancelled first.
    private func writesApplied(through sequence: Int) async throws {
        guard appliedThrough < sequence else { return }
        let waiter = nextSearchWaiter
        nextSearchWaiter += 1
        await withTaskCancellationHandler {
            await withCheckedContinuation { resume in
                // Cancelled before the wait began: the handler found nothing to end.
                if Task.isCancelled || appliedThrough >= sequence {
                    resume.resume()
                } else {
                    searchesWaiting[waiter] = (sequence, resume)
                }
            }
        } onCancel: {
            Task { await self.endWait(waiter) }
        }
        try Task.checkCancellation()
    }

    /// How many searches wait for a write (for tests).
    var searchesWaitingCount: Int { searchesWaiting.count }

    /// Ends search `waiter`'s wait (its task was cancelled).
    private func endWait(_ waiter: Int) {
        searchesWaiting.removeValue(forKey: waiter)?.resume.resume()
    }

    /// Write `sequence` is applied: the searches waiting for it go on.
    func applied(through sequence: Int) {
        appliedThrough = Swift.max(appliedThrough, sequence)
        for (waiter, search) in searchesWaiting where search.sequence <= appliedThrough {
            searchesWaiting.removeValue(forKey: waiter)
            search.resume.resume()
        }
    }
}
