import Flux
import CommentsKit

/// What the interface's reducers read besides their own state and the action: the
/// comments and filter stores' state, through read-only views (``UIReducer`` waits for
/// both stores first, so what they show is what the action left), the keys, and two
/// caches of the list. A value: it can neither dispatch nor change anything, so what a
/// reducer wants done it returns as an ``Effect``.
@MainActor
struct UIInputs {
    /// The comments store's state.
    let comments: StateView<CommentsState>
    /// The filter store's state.
    let filters: StateView<FilterState>
    /// The visible list (comments × filters): a cache.
    let visible: VisibleCommentsSelector
    /// Per row of a site (thread order), whether it matches the search, nil with no search:
    /// the filter store's own scan, shared (one per comments revision and search text).
    let searchMatches: @MainActor (SiteComments) -> [Bool]?
    /// The keys, with the user's `[keys]`: for the help overlay and hints naming keys.
    let keyMap: KeyMap
    /// A cache of the folded list, not state: it is a function of the visible list and
    /// ``UIState/collapsed``.
    private let folded = FoldedListSelector()

    /// Reads `comments` and `filters`, and `visible` over them.
    init(comments: CommentsStore, filters: AnnotationFilterStore, visible: VisibleCommentsSelector, keyMap: KeyMap = .standard) {
        self.comments = StateView(comments)
        self.filters = StateView(filters)
        self.visible = visible
        searchMatches = { site in filters.searchMatches(in: site) }
        self.keyMap = keyMap
    }

    /// The lines of the comment list of `state`'s site: behind a load, the list as last
    /// shown (``UIState/listAsShown``), so the cursor, the scroll and the frame of a key
    /// stay true to the list on screen, and catching up with the pages (several passes over
    /// every loaded comment) waits for the next frame.
    func rows(_ state: UIState) -> [ListRow] {
        if let shown = state.listAsShown { return shown }
        guard let site = state.site else { return [] }
        return folded.rows(visible, site: site, collapsed: state.collapsed)
    }

    /// The lines of the comment list as last shown, for `state` to keep when pages of a
    /// load arrive (``UIState/listAsShown``): the list the cursor was last reconciled with,
    /// before those pages. No copy: the rows are shared with the cache.
    func listToKeep(_ state: UIState) -> [ListRow] {
        guard let site = state.site else { return [] }
        if let shown = folded.keep(site: site, collapsed: state.collapsed) { return shown }
        // Never reconciled with this site and these folds: the list as it is now.
        _ = folded.rows(visible, site: site, collapsed: state.collapsed)
        return folded.keep(site: site, collapsed: state.collapsed) ?? []
    }

    /// The query that loads `state`'s site's comments (its pings load with it: ``queries(_:)``).
    func query(_ state: UIState) -> CommentsQuery? {
        state.site.map { CommentsQuery(site: $0) }
    }

    /// The queries the list of `state`'s site holds: its comments and its pings, as
    /// wp-admin lists them together (WordPress answers one type a request).
    func queries(_ state: UIState) -> [CommentsQuery] {
        query(state)?.everyKind ?? []
    }

    /// The entry under `state`'s cursor.
    func selectedEntry(_ state: UIState) -> CommentEntry? {
        guard let site = state.site, let id = state.cursor else { return nil }
        return comments.state.comments[site]?[id]
    }

    /// Where comment `id` is in thread order on `site` (what list rows are sorted by).
    func threadOrder(_ site: SiteID?) -> (Int) -> Int? {
        // A flat order is not thread order: rows are then found by a scan (``ReconcileReducer``).
        guard filters.state.order == .threaded else { return { _ in nil } }
        let comments = site.map { self.comments.state.comments(of: $0) } ?? SiteComments()
        return comments.position(of:)
    }
}
