import Foundation

/// One line of the visible comment list.
public struct VisibleRow: Equatable, Sendable {
    /// The comment's id.
    public let id: Int
    private let storedDepth: Int32
    private let flags: UInt8

    /// Indentation among the visible rows: one more than the nearest visible ancestor.
    public var depth: Int { Int(storedDepth) }
    /// Whether the comment replies to something not shown here (filtered out, not
    /// loaded, or deleted): the UI marks it as out of context.
    public var isOutOfContext: Bool { flags & 1 != 0 }
    /// Whether it has replies among the loaded comments.
    public var hasReplies: Bool { flags & 2 != 0 }

    /// A row (sixteen bytes: the list of a million comments holds a million of them).
    public init(id: Int, depth: Int, isOutOfContext: Bool, hasReplies: Bool) {
        self.id = id
        storedDepth = Int32(clamping: depth)
        flags = (isOutOfContext ? 1 : 0) | (hasReplies ? 2 : 0)
    }
}

/// The visible list: a site's comments in thread order, narrowed by the filters. The join
/// of ``CommentsStore`` and ``AnnotationFilterStore``.
///
/// Memoised: ``rows(site:)`` recomputes only when the site's comments (their revision) or
/// the filter state changed since the last call; otherwise it returns the same array.
@MainActor
public final class VisibleCommentsSelector {
    private let comments: CommentsStore
    private let filters: AnnotationFilterStore
    private let now: @Sendable () -> Date
    private let calendar: Calendar
    private var cacheKey: (site: SiteID, revision: Int, filters: FilterState, scoring: Int)?
    private var cached: [VisibleRow] = []
    /// How many times the list was computed (not served from the cache): for tests.
    public private(set) var computeCount = 0

    /// Joins `comments` and `filters`.
    public init(
        comments: CommentsStore,
        filters: AnnotationFilterStore,
        now: @escaping @Sendable () -> Date = { Date() },
        calendar: Calendar = .current
    ) {
        self.comments = comments
        self.filters = filters
        self.now = now
        self.calendar = calendar
    }

    /// The visible rows of `site`.
    public func rows(site: SiteID) -> [VisibleRow] {
        let siteComments = comments.state.comments(of: site)
        let filterState = filters.state
        // The spam scores change without the comments: a score order or the Score group is
        // computed again then.
        let readsScores = filterState.order.readsSpamScores || filterState.enabled.contains { $0.group == .score }
        let scores = readsScores ? comments.state.spamScores[site] : nil
        let scoring = scores?.scoring ?? 0
        if let key = cacheKey, key.site == site, key.revision == siteComments.revision, key.filters == filterState,
           key.scoring == scoring {
            return cached
        }
        let searchMask = filters.searchMemo.mask(for: siteComments, filters: filterState)
        let matcher = RowMatcher(state: filterState, facts: siteComments.facts, revision: siteComments.revision,
                                 searchMask: searchMask, now: now(), calendar: calendar,
                                 bands: Self.bands(of: siteComments, scores: scores, filters: filterState))
        // Refilled in place: a new array of 100,000 rows is fresh memory the system maps and
        // zeroes page by page, on every toggle.
        var rows = cached
        cached = []
        Self.compute(siteComments, masks: filters.rowMasks.masks(of: matcher), into: &rows)
        filterState.order.arrange(&rows, in: siteComments, scores: scores)
        cached = rows
        cacheKey = (site, siteComments.revision, filterState, scoring)
        computeCount += 1
        return cached
    }

    /// The spam bands of `site`'s rows when the Score group constrains (a byte per row, read
    /// only then).
    private static func bands(of site: SiteComments, scores: SiteSpamScores?, filters: FilterState) -> SpamBandColumn? {
        guard let scores, scores.scoring > 0, filters.enabled.contains(where: { $0.group == .score }) else { return nil }
        return SpamBandColumn(site: site, scores: scores)
    }

    /// Walks the thread order once, keeping a stack of the visible ancestors of the current
    /// row, so each visible row is indented under its nearest visible ancestor.
    ///
    /// Nonisolated and pure: as a main-actor member, its closures ran Swift's dynamic
    /// executor check once per row, a quarter of the walk at 100k comments.
    nonisolated static func compute(_ site: SiteComments, masks: [UInt8]) -> [VisibleRow] {
        var rows: [VisibleRow] = []
        compute(site, masks: masks, into: &rows)
        return rows
    }

    /// Same as ``compute(_:masks:)``, into `rows` (emptied first; its storage is reused
    /// when no one else holds it).
    nonisolated static func compute(_ site: SiteComments, masks: [UInt8], into rows: inout [VisibleRow]) {
        let flags = site.facts.flags
        let threadRows = site.rows
        rows.removeAll(keepingCapacity: true)
        guard masks.count == threadRows.count, flags.count == threadRows.count else { return }
        rows.reserveCapacity(threadRows.count)
        // The visible ancestors of the current row: thread depth and visible depth, with an
        // explicit top (no array shrinking per row).
        var ancestorDepth: [Int] = [], ancestorVisibleDepth: [Int] = []
        var top = 0
        for position in threadRows.indices {
            let row = threadRows[position]
            let depth = row.depth
            // Every row, shown or not, closes the subtrees at its depth and deeper: what is
            // left on the stack are its own visible ancestors.
            while top > 0, ancestorDepth[top - 1] >= depth { top -= 1 }
            let rowFlags = flags[position]
            guard rowFlags & RowFacts.isBeingDeleted == 0 else { continue }
            guard rowFlags & RowFacts.isLocal != 0 || masks[position] == 0 else { continue }
            let visibleDepth = top > 0 ? ancestorVisibleDepth[top - 1] + 1 : 0
            let directParentShown = top > 0 && ancestorDepth[top - 1] == depth - 1
            let outOfContext = row.parentMissing || (depth > 0 && !directParentShown)
            rows.append(VisibleRow(id: row.id, depth: visibleDepth, isOutOfContext: outOfContext, hasReplies: row.hasReplies))
            if top == ancestorDepth.count {
                ancestorDepth.append(depth)
                ancestorVisibleDepth.append(visibleDepth)
            } else {
                ancestorDepth[top] = depth
                ancestorVisibleDepth[top] = visibleDepth
            }
            top += 1
        }
        // A narrow filter leaves a short list in room for every comment: at a big site,
        // keep only what it needs (at a million comments the room alone is 16 MB).
        guard rows.capacity > 1 << 18, rows.count < rows.capacity / 2 else { return }
        var fitted: [VisibleRow] = []
        fitted.reserveCapacity(rows.count)
        fitted.append(contentsOf: rows)
        rows = fitted
    }
}
