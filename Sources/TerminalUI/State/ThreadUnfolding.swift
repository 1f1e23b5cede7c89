import CommentsKit

/// A reply posted into a folded thread unfolds it: the thread it went into, and every
/// thread around that, so the new reply shows (it vanished into "▸ 4 replies").
@MainActor
struct ThreadUnfolding {
    let context: UIContext

    /// Unfolds what `action` posts into, on the site shown.
    func follow(_ action: CommentsAction, _ state: inout UIState) {
        guard case .reply(let site, _, let parent, _) = action, site == state.site, !state.collapsed.isEmpty else { return }
        let comments = context.comments.state.comments(of: site)
        var id = parent
        // Bounded by the thread's depth; the count guards against a cycle in bad data.
        for _ in 0..<256 where id != 0 {
            state.collapsed.remove(id)
            guard let next = comments[id]?.parent else { break }
            id = next
        }
    }
}
