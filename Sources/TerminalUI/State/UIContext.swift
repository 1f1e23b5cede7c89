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
    /// The dispatcher every store is on: the reducers dispatch the other stores' actions
    /// through it (queued behind the action being handled).
    let dispatcher: Dispatcher
    /// A cache of the folded list, not state: it is a function of the visible list and
    /// ``UIState/collapsed``.
    private let folded = FoldedListSelector()

    init(comments: CommentsStore, filters: AnnotationFilterStore, visible: VisibleCommentsSelector, dispatcher: Dispatcher) {
        self.comments = comments
        self.filters = filters
        self.visible = visible
        self.dispatcher = dispatcher
    }

    /// The lines of the comment list of `state`'s site.
    func rows(_ state: UIState) -> [ListRow] {
        guard let site = state.site else { return [] }
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
        let comments = site.map { self.comments.state.comments(of: $0) } ?? SiteComments()
        return comments.position(of:)
    }
}
