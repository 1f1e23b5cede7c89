import Foundation
import Flux
import CommentsKit

/// The interface's store: cursor, panes, modes, overlays, the status hint.
///
/// It handles every action after ``CommentsStore`` and ``AnnotationFilterStore``
/// (`waitFor`), then reconciles: the cursor follows its comment by id (or lands where it
/// was when the comment left the list), the list scrolls to keep it in view, and more
/// comments are asked for when the cursor nears the end. When a trash, moderation or
/// deletion is rolled back, the cursor (and the detail pane) go back to the comment that
/// came back, even if the user moved on meanwhile: the next key then acts on the comment
/// the user sees come back, never on its neighbour. Where a key needs the
/// comments or filters to change, it dispatches their actions — it never changes them.
///
/// Its handlers live in extensions by concern, each with one entry point and its
/// handlers private: `UIStore+Navigation` (`handleNavigation`: sites, cursor, folding,
/// panes, filter panel), `UIStore+Commands` (`handleCommand`: reply, edit, moderation,
/// deletion, quitting; `followComments`: what the comments store did),
/// `UIStore+Editors` (`handleEditing`: search prompt, reply editor, external editor).
@MainActor
package final class UIStore: StatefulStore<UIState> {
    /// The comments store it reads.
    package let comments: CommentsStore
    /// The filter store it reads.
    package let filters: AnnotationFilterStore
    /// The visible list (comments × filters).
    package let visible: VisibleCommentsSelector
    let drafts: DraftStore?
    /// The editor `E` opens, if any (none in benchmarks).
    let editor: (any ExternalEditing)?
    /// Runs what the handlers ask for besides changing the state, as ``Effect`` values.
    let effects: StoreEffects<UIAction>
    /// How long the cursor must rest before the detail pane follows it, on which clock.
    private let settleDelay: Duration
    private let settleClock: any Clock<Duration>

    /// How long the cursor must rest before the detail pane follows it by default: longer
    /// than the key-repeat interval (about 30–40 ms), so holding `j` repaints only the list.
    package static let defaultSettleDelay: Duration = .milliseconds(50)
    private let folded = FoldedListSelector()

    /// Creates the interface store over the two data stores.
    package init(
        comments: CommentsStore,
        filters: AnnotationFilterStore,
        visible: VisibleCommentsSelector,
        drafts: DraftStore? = nil,
        editor: (any ExternalEditing)? = nil,
        dispatcher: Dispatcher = .shared,
        initialState: UIState = UIState(),
        settleDelay: Duration = UIStore.defaultSettleDelay,
        settleClock: any Clock<Duration> = ContinuousClock()
    ) {
        self.comments = comments
        self.filters = filters
        self.visible = visible
        self.drafts = drafts
        self.editor = editor
        effects = StoreEffects(dispatcher: dispatcher)
        self.settleDelay = settleDelay
        self.settleClock = settleClock
        super.init(initialState: initialState, dispatcher: dispatcher)
    }

    // MARK: Reading

    /// The lines of the comment list for the current site.
    package var rows: [ListRow] {
        guard let site = state.site else { return [] }
        return folded.rows(visible, site: site, collapsed: state.collapsed)
    }

    /// The query that loads the current site.
    package var currentQuery: CommentsQuery? {
        state.site.map { CommentsQuery(site: $0) }
    }

    /// The entry under the cursor.
    package var selectedEntry: CommentEntry? {
        guard let site = state.site, let id = state.cursor else { return nil }
        return comments.state.comments[site]?[id]
    }

    var layout: Layout { Layout(state) }

    // MARK: Dispatch

    package override func onDispatch(_ action: any Action) {
        dispatcher.waitFor([comments.dispatchToken, filters.dispatchToken])
        let detailMayLag = Self.keepsDetailLag(action, focus: state.focus)
        let wasSettled = state.isDetailSettled
        defer { scheduleDetailSettle(after: action, wasSettled: wasSettled) }
        batch {
            if let action = action as? UIAction { handle(action) }
            switch action {
            case let action as CommentsAction: followComments(action)
            case FilterAction.showSite(let site): siteShown(site)
            default: break
            }
            reconcile(detailMayLag: detailMayLag)
        }
    }

    /// Whether `action` may leave the detail pane behind the cursor: a list move (the pane
    /// catches up when the keys stop, so holding `j` repaints only the list), a spinner
    /// tick, a page the cursor asked for and what the site answers. Anything else the user
    /// asks for brings the pane up to date at once.
    nonisolated static func keepsDetailLag(_ action: any Action, focus: Pane) -> Bool {
        switch action {
        case UIAction.move: focus == .list
        case UIAction.tick: true
        case CommentsAction.loadMore, CommentsAction.pageLoaded, CommentsAction.writeFinished,
             CommentsAction.sourceLoaded, CommentsAction.postLoaded, CommentsAction.credentialsChecked: true
        default: false
        }
    }

    private func handle(_ action: UIAction) {
        // Neither the spinner, the deferred detail paint, a resize nor the site shown at
        // start is a key: the hint stays (so a start-up notice outlives start-up).
        let isKey = switch action {
        case .tick, .settleDetail, .resize, .showSite: false
        default: true
        }
        if isKey {
            if state.hint != nil { clearHint() }
            if state.isQuitArmed, action != .quit { mutate { $0.isQuitArmed = false } }
        }
        switch action {
        case .resize(let width, let height): mutate { $0.width = max(0, width); $0.height = max(0, height) }
        case .showSite(let site): dispatcher.dispatch(FilterAction.showSite(site))
        case .refresh: currentQuery.map { dispatcher.dispatch(CommentsAction.refresh($0)) }
        case .pasteIgnored: hint("Paste ignored: no text field has focus.")
        case .toggleHelp: mutate { $0.isHelpVisible.toggle() }
        case .tick: mutate { $0.spinnerFrame &+= 1 }
        case .settleDetail: break  // reconcile brings the detail pane to the cursor
        default:
            // Each concern handles its own actions, in its own file.
            _ = handleNavigation(action) || handleCommand(action) || handleEditing(action)
        }
    }

    // MARK: The detail pane's settle delay

    /// While the detail pane lags the cursor, an effect dispatches
    /// ``UIAction/settleDetail`` once the cursor has rested for the settle delay: each move
    /// re-arms it (the newest wins), and it is cancelled as soon as the pane is up to date,
    /// so nothing wakes the process while nothing is pending. An action that changes
    /// nothing here costs no effect.
    private func scheduleDetailSettle(after action: any Action, wasSettled: Bool) {
        if state.isDetailSettled {
            if !wasSettled { effects.run(.cancel(id: DetailSettle())) }
            return
        }
        let isMove = if case UIAction.move = action { true } else { false }
        guard isMove || wasSettled else { return }
        let clock = settleClock, delay = settleDelay
        effects.run(Effect.run { send in
            guard (try? await clock.sleep(for: delay)) != nil else { return }
            await send(.settleDetail)
        }.cancellable(id: DetailSettle(), cancelInFlight: true))
    }

    // MARK: Reconcile

    /// Keeps the cursor on a real row, the cursor row on screen, the detail pane on the
    /// cursor's comment (unless it may lag), the filter panel's highlight on the line it
    /// was on, and asks for more comments when the cursor is near the end of what is loaded.
    private func reconcile(detailMayLag: Bool) {
        let rows = self.rows
        let panelRows = FilterPanelRow.rows(for: filters.state)
        let posted = state.cursor.flatMap { comments.state.postedReplies[$0] }
        let site = state.site.map { comments.state.comments(of: $0) } ?? SiteComments()
        mutate { state in
            if let posted { state.cursor = posted }
            if let cursor = state.cursor,
               let index = Self.index(of: cursor, in: rows, near: state.cursorIndex, threadOrder: site.position(of:)) {
                state.cursorIndex = index
            } else if rows.isEmpty {
                state.cursor = nil
                state.cursorIndex = 0
            } else {
                state.cursorIndex = min(max(0, state.cursorIndex), rows.count - 1)
                state.cursor = rows[state.cursorIndex].id
            }
            Self.scrollIntoView(&state, rowCount: rows.count)
            Self.settleDetailIfDue(&state, rows: rows, mayLag: detailMayLag, threadOrder: site.position(of:))
            if let id = state.filterCursorID, let index = panelRows.firstIndex(where: { $0.id == id }) {
                state.filterCursor = index
            }
            state.filterCursor = min(state.filterCursor, max(0, panelRows.count - 1))
            state.filterCursorID = panelRows.indices.contains(state.filterCursor) ? panelRows[state.filterCursor].id : nil
        }
        loadMoreIfNeeded(rowCount: rows.count)
    }

    /// Where comment `id` is in `rows`: at `hint` (the usual case: it did not move), else by
    /// binary search — list rows keep the site's thread order, so `threadOrder` (id →
    /// position in that order) sorts them. A key press at 100,000 comments then costs no
    /// scan of the list.
    nonisolated static func index(of id: Int, in rows: [ListRow], near hint: Int, threadOrder: (Int) -> Int?) -> Int? {
        if rows.indices.contains(hint), rows[hint].id == id { return hint }
        guard let target = threadOrder(id) else { return rows.firstIndex { $0.id == id } }
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            let position = threadOrder(rows[middle].id) ?? Int.max
            if position < target { low = middle + 1 } else { high = middle }
        }
        return low < rows.count && rows[low].id == id ? low : nil
    }

    /// Scrolls the list so the cursor row (and the reply editor under it) is on screen.
    /// Nothing to do while the list is hidden (narrow terminal, detail open): its scroll
    /// position waits unchanged for the way back.
    ///
    /// A cursor that leaves the view takes the list half a page along, not one line:
    /// a one-line scroll brings a new line in (a full line of output), and beside the
    /// detail pane the terminal cannot scroll the list alone, so every line of it is
    /// rewritten (about 2.4 KB). Half a page costs one such repaint every half page of
    /// moves; the moves in between rewrite only the two cursor heads.
    private static func scrollIntoView(_ state: inout UIState, rowCount: Int) {
        guard let list = Layout(state).list else { return }
        let height = max(1, list.height)
        var extra = 0
        if case .compose(let composer) = state.mode, composer.anchor == state.cursor {
            extra = Layout.composerHeight(lineCount: composer.editor.lines.count, listHeight: height)
        }
        // With the reply editor under the cursor, exactly enough to show it.
        let jump = extra == 0 ? (height - 1) / 2 : 0
        let cursor = state.cursorIndex
        if cursor < state.scrollTop { state.scrollTop = cursor - jump }
        if cursor + extra >= state.scrollTop + height { state.scrollTop = cursor + extra - height + 1 + jump }
        state.scrollTop = max(0, min(state.scrollTop, max(0, rowCount + extra - height)))
        if cursor < state.scrollTop { state.scrollTop = cursor }
    }

    /// Brings the detail pane to the cursor's comment unless it may lag. It lags only
    /// while it sits beside the list and the list has focus (what is full screen or
    /// focused is always current), and never on a comment that left the list.
    private static func settleDetailIfDue(_ state: inout UIState, rows: [ListRow], mayLag: Bool, threadOrder: (Int) -> Int?) {
        guard !state.isDetailSettled else { return }
        let layout = Layout(state)
        let besideList = layout.list != nil && layout.detail != nil && state.focus == .list
        let stillListed = state.detailID.map { index(of: $0, in: rows, near: state.cursorIndex, threadOrder: threadOrder) != nil } ?? false
        guard !(mayLag && besideList && stillListed) else { return }
        state.detailID = state.cursor
        state.detailScroll = 0
    }

    private func loadMoreIfNeeded(rowCount: Int) {
        guard let query = currentQuery else { return }
        let fetch = comments.state.fetch(query)
        guard fetch.hasMore, !fetch.isLoading, fetch.error == nil, state.cursorIndex >= rowCount - 3 else { return }
        dispatcher.dispatch(CommentsAction.loadMore(query))
    }

    func hint(_ text: String) {
        mutate { $0.hint = text }
    }

    func clearHint() {
        mutate { $0.hint = nil }
    }
}

/// The id the detail pane's settle effect runs under.
private struct DetailSettle: Hashable, Sendable {}
