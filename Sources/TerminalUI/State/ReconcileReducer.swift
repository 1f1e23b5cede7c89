import Flux
import CommentsKit

/// After every action (a page of a load under way, or a move within the list as shown:
/// at the next frame or other key, see ``UIState/isBehindLoad``), keeps the interface true to the data: the cursor on a real row
/// (following its comment by id, or landing where it was when the comment left the
/// list), the cursor row on screen, the detail pane on the cursor's comment (unless it
/// may lag), the filter panel's highlight on the line it was on; and asks for more
/// comments when the cursor nears the end of what is loaded (without background loading:
/// with it, the rest is already on its way).
@MainActor
struct ReconcileReducer {
    let inputs: UIInputs

    /// Brings `state` true to the data; returns the next page it asks for, if any.
    func reconcile(_ state: inout UIState, detailMayLag: Bool) -> Effect<UIAction> {
        let rows = inputs.rows(state)
        let panelRows = FilterPanelRow.rows(for: inputs.filters.state)
        let threadOrder = inputs.threadOrder(state.site)
        if let cursor = state.cursor, let posted = inputs.comments.state.postedReplies[cursor] { state.cursor = posted }
        if state.followsEnd, let last = rows.last {
            state.cursor = last.id
            state.cursorIndex = rows.count - 1
            // The end it waited for is in: later changes leave the cursor where it is.
            if let query = inputs.query(state), case let fetch = inputs.comments.state.fetch(query), !fetch.hasMore, !fetch.isLoading {
                state.followsEnd = false
            }
        } else if state.holdsFirstScreen, let first = rows.first {
            // Nobody moved yet: the first screen stays at the top whatever arrives. The
            // cursor keeps its comment while that stays on the first screen (a newer ping
            // arriving above must not change what `d` acts on: the detail pane still shows
            // the comment); one that leaves it (its old thread loaded) is not followed into
            // the middle of the list: the cursor goes to the top row.
            let height = Layout(state).list.map { max(1, $0.height) } ?? Int.max
            if let cursor = state.cursor,
               let index = Self.index(of: cursor, in: rows, near: state.cursorIndex, threadOrder: threadOrder), index < height {
                state.cursorIndex = index
            } else {
                state.cursor = first.id
                state.cursorIndex = 0
            }
            state.scrollTop = 0
        } else if let cursor = state.cursor,
           let index = Self.index(of: cursor, in: rows, near: state.cursorIndex, threadOrder: threadOrder) {
            // Rows came or went above the cursor's comment (a page arrived, a reply found
            // its parent): the list scrolls with it, so it keeps its screen row too.
            state.scrollTop += index - state.cursorIndex
            state.cursorIndex = index
        } else if rows.isEmpty {
            state.cursor = nil
            state.cursorIndex = 0
        } else {
            state.cursorIndex = min(max(0, state.cursorIndex), rows.count - 1)
            state.cursor = rows[state.cursorIndex].id
        }
        if state.holdsFirstScreen, let query = inputs.query(state), case let fetch = inputs.comments.state.fetch(query),
           fetch.pagesLoaded > 0, !fetch.isLoading, !awaitsScores(state) {
            // The load is in: what comes later (a polled comment) moves the cursor as usual.
            state.holdsFirstScreen = false
        }
        Self.scrollIntoView(&state, rowCount: rows.count)
        Self.settleDetailIfDue(&state, rows: rows, mayLag: detailMayLag, threadOrder: threadOrder)
        if let id = state.filterCursorID, let index = panelRows.firstIndex(where: { $0.id == id }) {
            state.filterCursor = index
        }
        state.filterCursor = min(state.filterCursor, max(0, panelRows.count - 1))
        state.filterCursorID = panelRows.indices.contains(state.filterCursor) ? panelRows[state.filterCursor].id : nil
        return loadMoreIfNeeded(state, rowCount: rows.count)
    }

    /// Whether the list's order reads the spam scores and the site's loaded comments are not
    /// all scored yet: until then a score order (one restored at start) is not in its order,
    /// and the first screen waits for it, as it waits for the load.
    private func awaitsScores(_ state: UIState) -> Bool {
        guard inputs.filters.state.order.readsSpamScores, let site = state.site,
              let scores = inputs.comments.state.spamScores[site] else { return false }
        return scores.scoring == 0 || scores.scoringRevision != nil
            || scores.revision != inputs.comments.state.comments(of: site).revision
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
            extra = Layout.composerHeight(for: composer.editor, list: list)
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

    private func loadMoreIfNeeded(_ state: UIState, rowCount: Int) -> Effect<UIAction> {
        // A query no one holds loads nothing: asking anyway changed nothing, and the
        // reconcile after that answer asked again, for ever (a load ended with the cursor
        // near the end of a partial list).
        guard let query = inputs.query(state), inputs.comments.state.activeQueries.contains(query) else { return .none }
        let fetch = inputs.comments.state.fetch(query)
        guard fetch.hasMore, !fetch.isLoading, fetch.error == nil, state.cursorIndex >= rowCount - 3 else { return .none }
        return .dispatch(CommentsAction.loadMore(query))
    }
}
