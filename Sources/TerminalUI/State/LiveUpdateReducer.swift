import CommentsKit

/// Live updates in the interface: comments that arrived by polling are "new" until the
/// cursor reaches one (then it is seen), the jump key takes the cursor to the newest new
/// one, and quitting stops the polling. The rows they bring keep the cursor's comment on
/// its screen row: that is the ``ReconcileReducer``'s way with any page that arrives.
@MainActor
struct LiveUpdateReducer {
    let context: UIContext

    /// `+`: the cursor to the newest new comment the list shows (by date); a hint when
    /// there is none.
    func jumpToNew(_ state: inout UIState) {
        guard let site = state.site, let new = context.comments.state.newComments[site], !new.isEmpty else {
            state.hint = "No new comments."
            return
        }
        let comments = context.comments.state.comments(of: site)
        let rows = context.rows(state)
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
    /// and the first moment parley quits, polling stops.
    func follow(_ state: UIState, wasQuitting: Bool) {
        if state.isQuitting, !wasQuitting { context.send(CommentsAction.stopPolling) }
        guard let site = state.site, let cursor = state.cursor,
              context.comments.state.newComments[site]?.contains(cursor) == true else { return }
        context.send(CommentsAction.markSeen(site: site, ids: [cursor]))
    }
}
