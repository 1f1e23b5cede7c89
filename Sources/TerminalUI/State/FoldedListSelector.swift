import CommentsKit

/// The visible list with folded threads taken out: a cache, memoised on the visible
/// list's version, the site and the set of folded comments. What the interface shows
/// while it is behind a load is not asked of it but kept in the state
/// (``UIState/listAsShown``).
@MainActor
final class FoldedListSelector {
    private var key: (version: Int, site: SiteID, collapsed: Set<Int>)?
    private var cached: [ListRow] = []
    /// Whether a state keeps ``cached`` (``keep(site:collapsed:)``): then the next refill
    /// goes into ``spare`` and leaves it alone.
    private var isCachedKept = false
    /// The storage of the rows a state kept before, refilled in their stead the next time
    /// the state keeps rows (at every catch-up while a big site loads). Dropped by a
    /// refill that finds nothing kept, so it lasts no longer than the load.
    private var spare: [ListRow] = []

    /// The rows of `site` with `collapsed` folded, as the visible list is now.
    func rows(_ visible: VisibleCommentsSelector, site: SiteID, collapsed: Set<Int>) -> [ListRow] {
        let rows = visible.rows(site: site)
        if let key, key.version == visible.computeCount, key.site == site, key.collapsed == collapsed {
            return cached
        }
        // Refilled in place, as the visible list is (fresh arrays of this size are pages the
        // system must map and zero on every toggle). Rows a state keeps are shared, and
        // writing into them would copy them all: the spare is refilled instead, and by the
        // next catch-up the rows kept now are the spare, no longer shared (the state kept
        // them until this catch-up only).
        var reused: [ListRow]
        if isCachedKept {
            reused = spare
            spare = cached
        } else {
            reused = cached
            spare = []
        }
        cached = []
        Self.fold(rows, collapsed: collapsed, into: &reused)
        cached = reused
        isCachedKept = false
        key = (visible.computeCount, site, collapsed)
        return cached
    }

    /// The rows last computed for `site` with `collapsed` folded, however old the visible
    /// list they came from, for a state to keep (the list as shown when pages of a load
    /// arrive); nil when the last computed were for something else. No copy: the rows are
    /// shared with the state until it lets them go.
    func keep(site: SiteID, collapsed: Set<Int>) -> [ListRow]? {
        guard let key, key.site == site, key.collapsed == collapsed else { return nil }
        isCachedKept = true
        return cached
    }

    // The static helpers are pure and nonisolated: as main-actor members, the closure
    // given to `map` in `foldOnly` ran a dynamic executor check (Swift 6) for every row —
    // half the cost of a filter toggle at 100k comments.
    nonisolated static func fold(_ rows: [VisibleRow], collapsed: Set<Int>) -> [ListRow] {
        var result: [ListRow] = []
        fold(rows, collapsed: collapsed, into: &result)
        return result
    }

    /// Same as ``fold(_:collapsed:)``, into `result` (its storage reused, when nothing is
    /// folded and no one else holds it).
    nonisolated static func fold(_ rows: [VisibleRow], collapsed: Set<Int>, into result: inout [ListRow]) {
        if collapsed.isEmpty {
            withTreeGuides(rows, into: &result)
        } else {
            result = foldOnly(rows, collapsed: collapsed)
            addTreeGuides(&result)
        }
    }

    /// Nothing folded — the usual case, and every filter toggle's at 100k rows: the rows
    /// and their guides in one backward pass, each `ListRow` written once, rather than a
    /// `map` then a pass that rewrites them all (the same guides as ``addTreeGuides(_:)``).
    nonisolated static func withTreeGuides(_ rows: [VisibleRow], into result: inout [ListRow]) {
        if result.count > rows.count {
            result.removeLast(result.count - rows.count)
        } else if result.count < rows.count {
            let filler = ListRow(row: VisibleRow(id: 0, depth: 0, isOutOfContext: false, hasReplies: false), foldedReplies: 0)
            result.append(contentsOf: repeatElement(filler, count: rows.count - result.count))
        }
        result.withUnsafeMutableBufferPointer { buffer in
            var seen: UInt64 = 0
            for index in rows.indices.reversed() {
                let row = rows[index]
                let depth = min(row.depth, 63)
                let below: UInt64 = (1 << UInt64(depth)) - 1
                buffer[index] = ListRow(row: row, foldedReplies: 0, isLastSibling: seen & (1 << UInt64(depth)) == 0, continuingLevels: seen & below)
                seen = (seen & below) | (1 << UInt64(depth))
            }
        }
        // At a big site, a short list does not keep the room of a long one (24 MB at a
        // million rows).
        if result.capacity > 1 << 18, result.count < result.capacity / 2 {
            var fitted: [ListRow] = []
            fitted.reserveCapacity(result.count)
            fitted.append(contentsOf: result)
            result = fitted
        }
    }

    /// One backward pass: `seen[d]` says a row of depth `d` comes later with no shallower
    /// row in between — a later sibling at that depth.
    /// `seen` is a bit set (bit `d` for depth `d`), so closing the deeper levels is one mask
    /// rather than a loop over all 64 per row.
    nonisolated static func addTreeGuides(_ rows: inout [ListRow]) {
        var seen: UInt64 = 0
        for index in rows.indices.reversed() {
            let depth = min(rows[index].row.depth, 63)
            let below: UInt64 = (1 << UInt64(depth)) - 1
            rows[index].continuingLevels = seen & below
            rows[index].isLastSibling = seen & (1 << UInt64(depth)) == 0
            seen = (seen & below) | (1 << UInt64(depth))
        }
    }

    nonisolated private static func foldOnly(_ rows: [VisibleRow], collapsed: Set<Int>) -> [ListRow] {
        var result: [ListRow] = []
        var index = 0
        while index < rows.count {
            let row = rows[index]
            index += 1
            guard collapsed.contains(row.id) else {
                result.append(ListRow(row: row, foldedReplies: 0))
                continue
            }
            var hidden = 0
            while index < rows.count, rows[index].depth > row.depth {
                hidden += 1
                index += 1
            }
            result.append(ListRow(row: row, foldedReplies: hidden))
        }
        return result
    }
}
