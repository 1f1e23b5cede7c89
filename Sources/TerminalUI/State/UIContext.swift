import Flux
import CommentsKit

/// What the interface reads besides its own state: the comments and filter stores, the
/// visible list, and the lines of the list as folded. ``UIStore``'s readers and the
/// reducers that change ``UIState`` read through it, so both see the same rows.
@MainActor
struct UIContext {
    /// The comments store.
    let comments: CommentsStore
    /// The filter store.
    let filters: AnnotationFilterStore
    /// The visible list (comments × filters).
    let visible: VisibleCommentsSelector
    /// The dispatcher every store is on (for `waitFor`).
    let dispatcher: Dispatcher
    /// The keys, with the user's `[keys]`: for the help overlay and hints naming keys.
    let keyMap: KeyMap
    /// The other stores' actions the reducers ask for while handling one action; the UI
    /// reducer returns them as ``Effect/dispatch(_:)`` effects (``UIReducer``).
    private let requests = OtherStoresActions()
    /// A cache of the folded list, not state: it is a function of the visible list and
    /// ``UIState/collapsed``.
    private let folded = FoldedListSelector()

    init(comments: CommentsStore, filters: AnnotationFilterStore, visible: VisibleCommentsSelector, dispatcher: Dispatcher, keyMap: KeyMap = .standard) {
        self.comments = comments
        self.filters = filters
        self.visible = visible
        self.dispatcher = dispatcher
        self.keyMap = keyMap
    }

    /// Asks another store for something (a trash, a page, a filter): `action` leaves as an
    /// effect of the action being handled, so it is dispatched after it.
    func send(_ action: any Action) {
        requests.actions.append(action)
    }

    /// The actions ``send(_:)`` collected while handling the current action, as one
    /// effect; empties the list.
    func takeRequests<A: Action>() -> Effect<A> {
        guard !requests.actions.isEmpty else { return .none }
        defer { requests.actions.removeAll(keepingCapacity: true) }
        if requests.actions.count == 1 { return .dispatch(requests.actions[0]) }
        return .merge(requests.actions.map { .dispatch($0) })
    }

    /// The lines of the comment list of `state`'s site.
    ///
    /// Behind a load (``UIState/isBehindLoad``), the lines as last computed: the cursor, the
    /// scroll and the frame of a key stay true to the list on screen, and catching up with
    /// the pages (several passes over every loaded comment) waits for the next frame.
    func rows(_ state: UIState) -> [ListRow] {
        guard let site = state.site else { return [] }
        if state.isBehindLoad, let shown = folded.lastRows(site: site, collapsed: state.collapsed) { return shown }
        return folded.rows(visible, site: site, collapsed: state.collapsed)
    }

    /// The query that loads `state`'s site.
    func query(_ state: UIState) -> CommentsQuery? {
        state.site.map { CommentsQuery(site: $0) }
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

/// Where ``UIContext/send(_:)`` keeps the other stores' actions until the reducer returns.
@MainActor
private final class OtherStoresActions {
    var actions: [any Action] = []
}
