/// What the filter counts rest on besides the loaded comments: the site's own counts per
/// status (``CommentsState/statusCounts(of:)``) and whether every page of the site is
/// loaded. Kept in ``FilterState`` so the counts are recomputed when either changes.
///
/// While a site is not fully loaded, a count made from the loaded comments is only a lower
/// bound, and says so (``Filter/isLowerBound``). A Status filter's count is exact when the
/// site counted that status and nothing else narrows it (the site's number), or when every
/// comment of that status is loaded (the loaded number).
struct CountBasis: Equatable, Sendable {
    /// The site's counts, moved by the writes made here since; nil until it answered.
    var site: StatusCounts?
    /// Whether a query of the whole site (every post, every status) has all its pages, of
    /// comments and of pings when asked (the site's counts hold both).
    var isComplete = false

    /// The basis of `site` in `state`.
    init(site: SiteID?, in state: CommentsState) {
        guard let site else { return }
        self.site = state.statusCounts(of: site)
        isComplete = SiteSearchReducer.isLoaded(site, in: state)
    }

    /// Whether every comment of `status` is loaded, given `loaded` of them are.
    func allLoaded(_ status: CommentStatus, loaded: Int) -> Bool {
        isComplete || site.map { loaded >= $0[status] } ?? false
    }

    /// The count to show for the Status filter `status` and whether it is a lower bound:
    /// `facet` is its count among the loaded comments given the other groups and the
    /// search, `loaded` how many of that status are loaded in all, `narrowed` whether
    /// another group or the search constrains it.
    func statusCount(_ status: CommentStatus, facet: Int, loaded: Int, narrowed: Bool) -> (count: Int, isLowerBound: Bool) {
        if allLoaded(status, loaded: loaded) { return (facet, false) }
        if !narrowed, let site { return (site[status], false) }
        return (facet, true)
    }

    /// Whether every comment of the site is loaded, given `loaded` per status.
    func allLoaded(_ loaded: StatusCounts) -> Bool {
        CommentStatus.allCases.allSatisfy { allLoaded($0, loaded: loaded[$0]) }
    }
}
