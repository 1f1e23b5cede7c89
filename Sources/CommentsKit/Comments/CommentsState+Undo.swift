extension CommentsState {
    /// Puts `step` on the undo stack, dropping its site's oldest step beyond the limit.
    mutating func pushUndo(_ step: UndoEntry) {
        undoStack.append(step)
        let ofSite = undoStack.indices.filter { undoStack[$0].site == step.site }
        if ofSite.count > Self.undoLimit, let oldest = ofSite.first {
            undoStack.remove(at: oldest)
        }
    }

    /// Takes the step of `id` off the stack (its write failed: there is nothing to undo).
    mutating func dropUndoStep(site: SiteID, id: Int) {
        if let index = undoStack.lastIndex(where: { $0.site == site && $0.id == id }) {
            undoStack.remove(at: index)
        }
    }
}
