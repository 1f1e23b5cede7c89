import Flux
import CommentsKit

/// A reply posted into a folded thread unfolds it: the thread it went into, and every
/// thread around that, so the new reply shows (it vanished into "▸ 4 replies"). So does
/// the cursor sent to a comment inside a folded thread (`z` bringing back a trashed reply
/// whose thread was folded since): the threads around it open, rather than the cursor
/// landing on some other row.
@MainActor
struct ThreadUnfoldingReducer {
    let inputs: UIInputs

    /// Unfolds what `action` posts into, on the site shown.
    func follow(_ action: CommentsAction, _ state: inout UIState) -> Effect<UIAction> {
        guard case .reply(let site, _, let parent, _) = action, site == state.site, !state.collapsed.isEmpty else { return .none }
        unfold(from: parent, site: site, &state)
        return .none
    }

    /// After every action that does not leave the interface behind a load: unfolds the
    /// threads around the cursor's comment when a fold hides it. Cheap when nothing is
    /// folded or the cursor shows (the usual case: one binary search).
    func revealCursor(_ state: inout UIState) -> Effect<UIAction> {
        guard !state.collapsed.isEmpty, let site = state.site, let cursor = state.cursor,
              let parent = inputs.comments.state.comments(of: site)[cursor]?.parent, parent != 0 else { return .none }
        let rows = inputs.rows(state)
        guard ReconcileReducer.index(of: cursor, in: rows, near: state.cursorIndex, threadOrder: inputs.threadOrder(site)) == nil else { return .none }
        unfold(from: parent, site: site, &state)
        return .none
    }

    /// Unfolds comment `id` and every comment above it in its thread.
    private func unfold(from id: Int, site: SiteID, _ state: inout UIState) {
        let comments = inputs.comments.state.comments(of: site)
        var id = id
        // Bounded by the thread's depth; the count guards against a cycle in bad data.
        for _ in 0..<256 where id != 0 {
            state.collapsed.remove(id)
            guard let next = comments[id]?.parent else { break }
            id = next
        }
    }
}
