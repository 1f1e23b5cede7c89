import Foundation

/// The filters' rules for one comment, entry by entry: the reference definition.
/// The facet counts (``AnnotationFilterStore``) and the visible list
/// (``VisibleCommentsSelector``) run ``RowMatcher``, the same rules compiled against a
/// site's ``RowFacts``; this type holds the status group's default and lets tests check
/// that the two agree.
struct CommentMatcher {
    private let enabledByGroup: [FilterGroupID: [FilterCriterion]]
    private let listedAuthors: Set<String>
    private let search: CommentSearch.Pattern?
    private let startOfToday: Date
    private let sevenDaysAgo: Date
    /// The site's spam scores (the Score group); nil: none.
    private let scores: SiteSpamScores?

    /// The status group's meaning when none of its filters is on: WordPress's "All".
    static let defaultStatuses: Set<CommentStatus> = [.approved, .hold]

    init(state: FilterState, now: Date, calendar: Calendar, scores: SiteSpamScores? = nil) {
        self.scores = scores
        var enabled: [FilterGroupID: [FilterCriterion]] = [:]
        for group in state.groups {
            let on = group.filters.filter(\.isEnabled).map(\.id)
            if !on.isEmpty { enabled[group.id] = on }
        }
        enabledByGroup = enabled
        listedAuthors = Set(state.group(.author)?.filters.compactMap {
            if case .author(let name) = $0.id { return name } else { return nil }
        } ?? [])
        search = CommentSearch.Pattern(state.searchText)
        startOfToday = calendar.startOfDay(for: now)
        sevenDaysAgo = now.addingTimeInterval(-7 * 86_400)
    }

    /// Whether `entry` passes every group and the search.
    func matches(_ entry: CommentEntry, row: ThreadRow) -> Bool {
        guard matchesSearch(entry) else { return false }
        return FilterGroupID.allCases.allSatisfy { matches(entry, row: row, group: $0) }
    }

    /// Whether `entry` passes group `group`'s current selection.
    func matches(_ entry: CommentEntry, row: ThreadRow, group: FilterGroupID) -> Bool {
        guard let criteria = enabledByGroup[group] else {
            return group != .status || Self.defaultStatuses.contains(entry.status)
        }
        return criteria.contains { matches(entry, row: row, criterion: $0) }
    }

    /// Whether `entry` satisfies one filter.
    func matches(_ entry: CommentEntry, row: ThreadRow, criterion: FilterCriterion) -> Bool {
        switch criterion {
        case .status(let status): return entry.status == status
        case .topLevel: return entry.parent == 0
        case .replies: return entry.parent != 0
        case .needsReply: return !row.hasReplies
        case .author(let name): return entry.authorName == name
        case .otherAuthors: return !listedAuthors.contains(entry.authorName)
        case .post(let id): return entry.post == id
        case .today: return entry.date >= startOfToday
        case .lastSevenDays: return entry.date >= sevenDaysAgo
        case .older: return entry.date < sevenDaysAgo
        case .kind(let kind): return kind.contains(entry.commentType)
        // A site without scores: the group does not constrain (as ``RowMatcher`` without bands).
        case .spamScore(let band): return scores.map { $0.band(of: entry.id) == band } ?? true
        }
    }

    /// Whether `entry` matches the search text (always, with none): its text, author name
    /// or URL, or e-mail or IP when known, as WordPress's `search=` (``CommentSearch``).
    func matchesSearch(_ entry: CommentEntry) -> Bool {
        search?.matches(entry) ?? true
    }
}
