/// A background search answered by a cache's index (issue 14: search through the replica's
/// FTS index) rather than by a scan of the texts in memory.
///
/// Sound as long as the cache holds what memory holds: the query names the last write the
/// store had made when the search started (``CacheStanding/lastWrite``), and the cache
/// answers once that write is applied. What memory may hold that was never written — a
/// reply written here (``CommentEntry/isLocal``), a comment with a write in flight or in
/// the outbox (a ``LocalMark``: an edit changes its text before the site confirms it) — is
/// tested in memory instead.
struct SearchIndexQuery: Sendable {
    let cache: any CommentsCache
    let site: SiteID
    /// The search text as typed (the cache folds it as ``CommentSearch`` does).
    let needle: String
    /// The write the answer must include (``CacheWrite/sequence``).
    let through: Int

    /// The matching ids, or nil when the cache cannot answer (it cannot search, or the
    /// search failed): the caller scans instead, and no error is shown for a search.
    func ids() async -> [Int]? {
        do {
            return try await cache.searchIDs(site: site, matching: needle, through: through)
        } catch {
            return nil
        }
    }
}

extension SiteComments {
    /// The matching slots of the rows from `start` on, in list order, from `ids` (what the
    /// cache's index found): ids not in memory are dropped; the slots memory may hold other
    /// text for than the cache does (local replies, marked comments) are tested in memory
    /// with `tester`, whatever the index said. With `wanted` (one flag per slot), only
    /// those slots can match.
    func indexedRest(from start: Int, ids: [Int], among wanted: [Bool]?, tester: inout SlotTester) -> [Int32] {
        let table = self.table
        var hit = [Bool](repeating: false, count: table.slotCount)
        for id in ids {
            if let slot = table.slot(of: id) { hit[slot] = true }
        }
        for slot in table.markedSlots where slot < hit.count && table.isLive(slot) {
            hit[slot] = tester.matches(slot: slot)
        }
        if localCount > 0 {
            for slot in 0..<table.slotCount where table.ids[slot] < 0 && table.isLive(slot) {
                hit[slot] = tester.matches(slot: slot)
            }
        }
        var found: [Int32] = []
        for slot32 in rowSlot[start...] {
            let slot = Int(slot32)
            if hit[slot], table.isLive(slot), wanted?[slot] ?? true { found.append(slot32) }
        }
        return found
    }
}
