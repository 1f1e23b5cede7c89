/// One toggle in the filter panel.
public struct Filter: Equatable, Sendable, Identifiable {
    /// What it tests; also its id.
    public let id: FilterCriterion
    /// Its label: "Pending", "Needs reply", "Ada Lovelace", "Post #12".
    public let title: String
    /// Whether it is on.
    public internal(set) var isEnabled: Bool
    /// Facet count: how many comments would match with this filter on, given every other
    /// group's current selection (and the search text).
    public internal(set) var count: Int
    /// Whether ``count`` counts only the loaded comments while the site has more that may
    /// match: the true count is at least this (the panel shows `≥12`).
    public internal(set) var isLowerBound = false
}

/// A group of filters. Filters in a group combine with OR; groups combine with AND; a group
/// with nothing on does not constrain — except Status, whose "nothing on" means
/// "approved and pending", as in WordPress's own "All" view (spam and trash are looked at
/// on purpose, not by default).
public struct FilterGroup: Equatable, Sendable, Identifiable {
    /// Which group.
    public let id: FilterGroupID
    /// Its filters, in panel order.
    public internal(set) var filters: [Filter]

    /// The group's heading.
    public var title: String { id.title }
    /// Whether any of its filters is on.
    public var isActive: Bool { filters.contains { $0.isEnabled } }
}

/// What ``AnnotationFilterStore`` holds: PlanGrid's filter state, for comments.
public struct FilterState: Equatable, Sendable {
    /// The site whose comments the filters apply to.
    public internal(set) var site: SiteID?
    /// The groups, in panel order.
    public internal(set) var groups: [FilterGroup] = []
    /// The group expanded in the panel, if any.
    public internal(set) var selectedGroup: FilterGroupID?
    /// The free-text search (matches author and text, case-insensitively); empty for none.
    public internal(set) var searchText = ""
    /// Whether anything narrows the list: a filter on, or search text.
    public internal(set) var isFiltering = false
    /// How many comments pass every group and the search.
    public internal(set) var matchCount = 0
    /// The order of the list (threaded, or flat by date), per site like the filters.
    public internal(set) var order: CommentOrder = .threaded
    /// What the counts were computed from: the site's comments revision and how many
    /// post titles were known (a title names a post filter). In the state, not beside
    /// it, so a state put back by time travel knows what it was computed from.
    var appliedRevision: Int?
    var appliedTitleCount = 0
    /// The scoring of the site's spam scores the counts were made with (0: none).
    var appliedScoring = 0
    /// The site's counts and loading the counts were computed with (``CountBasis``).
    var appliedBasis: CountBasis?
    /// The newest save asked for, per site: its effect writes it, and quitting writes what
    /// is here at once (``AnnotationFilterStore/flushSaves()``).
    var requestedSaves: [SiteID: FilterPersistence.Saved] = [:]
    /// What each site had saved when the store was made: read once, at start, so showing a
    /// site reads the state, not a file.
    var savedAtStart: [SiteID: FilterPersistence.Saved] = [:]

    // MARK: Finding an author (issue 12)

    /// What the Author group's finder holds: its authors are those whose name contains it
    /// (``FilterAction/findAuthor(_:)``); empty for the most frequent.
    public internal(set) var authorQuery = ""

    // MARK: Searching in the background (issue 14)

    /// The search running, or done, off the main actor (``BackgroundSearch``): a site too
    /// large to search on the main actor; nil otherwise.
    public internal(set) var backgroundSearch: BackgroundSearch?
    /// How many background searches were started: the next one's ticket.
    var searchTickets = 0

    /// An empty state.
    public init() {}

    /// Every filter that is on.
    public var enabled: Set<FilterCriterion> {
        Set(groups.flatMap { $0.filters.filter(\.isEnabled).map(\.id) })
    }

    /// The group `id`.
    public func group(_ id: FilterGroupID) -> FilterGroup? {
        groups.first { $0.id == id }
    }

    /// The filter `criterion`, if listed.
    public func filter(_ criterion: FilterCriterion) -> Filter? {
        group(criterion.group)?.filters.first { $0.id == criterion }
    }
}
