import Flux
import CommentsKit

/// Live updates in the interface: comments that arrived by polling are "new" until the
/// cursor reaches one (then it is seen), the jump key takes the cursor to the newest new
/// one, and quitting stops the polling. The rows they bring keep the cursor's comment on
/// its screen row: that is the ``ReconcileReducer``'s way with any page that arrives.
@MainActor
struct LiveUpdateReducer {
    let inputs: UIInputs

    /// Handles `+`; other actions change nothing here.
    func reduce(_ action: UIAction, _ state: inout UIState) -> Effect<UIAction> {
        if action == .jumpToNew { jumpToNew(&state) }
        return .none
    }

    /// `+`: the cursor to the newest new comment the list shows (by date); a hint when
    /// there is none.
    private func jumpToNew(_ state: inout UIState) {
        guard let site = state.site, let new = inputs.comments.state.newComments[site], !new.isEmpty else {
            state.hint = "No new comments."
            return
        }
        let comments = inputs.comments.state.comments(of: site)
        let rows = inputs.rows(state)
        let newest = rows.indices.filter { new.contains(rows[$0].id) }
            .max { (comments[rows[$0].id]?.date ?? .distantPast) < (comments[rows[$1].id]?.date ?? .distantPast) }
        guard let newest else {
            state.hint = "The new comments are hidden by the filters or folded away."
            return
        }
        state.followsEnd = false
        state.select(index: newest, in: rows)
    }

    /// After every action, once the cursor is where it stays: the comment under it is seen;
    /// and the first moment parley quits, polling stops. Returns what it asks of the
    /// comments store: polling to stop, then the comment to be marked seen.
    func follow(_ state: UIState, wasQuitting: Bool) -> Effect<UIAction> {
        let stop: Effect<UIAction> = state.isQuitting && !wasQuitting ? .dispatch(CommentsAction.stopPolling) : .none
        guard let site = state.site, let cursor = state.cursor,
              inputs.comments.state.newComments[site]?.contains(cursor) == true else { return stop }
        return stop.combined(with: .dispatch(CommentsAction.markSeen(site: site, ids: [cursor])))
    }
}
