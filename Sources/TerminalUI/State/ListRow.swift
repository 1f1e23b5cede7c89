import CommentsKit

/// One line of the comment list as drawn: a visible comment, and how many replies are
/// folded under it.
public struct ListRow: Equatable, Sendable {
    /// The comment and its place in the thread.
    public let row: VisibleRow
    /// Replies hidden because this comment is folded (0 when unfolded).
    public let foldedReplies: Int
    /// Whether no later sibling follows it in the list (draws `└─` rather than `├─`).
    public internal(set) var isLastSibling = true
    /// Bit `k` is set when the ancestor at depth `k` has a later sibling (draws `│ `).
    public internal(set) var continuingLevels: UInt64 = 0

    /// The comment's id.
    public var id: Int { row.id }
}

/// The visible list with folded threads taken out. Memoised on the visible list's
/// version and the set of folded comments.
@MainActor
final class FoldedListSelector {
    private var key: (version: Int, site: SiteID, collapsed: Set<Int>)?
    private var cached: [ListRow] = []

    func rows(_ visible: VisibleCommentsSelector, site: SiteID, collapsed: Set<Int>) -> [ListRow] {
        let rows = visible.rows(site: site)
        if let key, key.version == visible.computeCount, key.site == site, key.collapsed == collapsed {
            return cached
        }
        cached = Self.fold(rows, collapsed: collapsed)
        key = (visible.computeCount, site, collapsed)
        return cached
    }

    static func fold(_ rows: [VisibleRow], collapsed: Set<Int>) -> [ListRow] {
        var result = foldOnly(rows, collapsed: collapsed)
        addTreeGuides(&result)
        return result
    }

    /// One backward pass: `seen[d]` says a row of depth `d` comes later with no shallower
    /// row in between — a later sibling at that depth.
    static func addTreeGuides(_ rows: inout [ListRow]) {
        var seen = [Bool](repeating: false, count: 65)
        for index in rows.indices.reversed() {
            let depth = min(rows[index].row.depth, 63)
            var mask: UInt64 = 0
            for level in 0..<depth where seen[level] { mask |= 1 << UInt64(level) }
            rows[index].continuingLevels = mask
            rows[index].isLastSibling = !seen[depth]
            seen[depth] = true
            for level in (depth + 1)..<seen.count { seen[level] = false }
        }
    }

    private static func foldOnly(_ rows: [VisibleRow], collapsed: Set<Int>) -> [ListRow] {
        guard !collapsed.isEmpty else { return rows.map { ListRow(row: $0, foldedReplies: 0) } }
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
