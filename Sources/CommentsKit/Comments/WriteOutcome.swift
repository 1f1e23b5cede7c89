/// What a write's answer does to the comments: the site did it (``confirm(_:_:operation:in:)``)
/// or not (``rollBack(_:_:operation:in:)``). Pure functions of the state, the write and
/// the answer; ``WriteLifecycle/finish(_:result:in:)`` calls ``apply(_:toWrite:in:)``
/// when a write's answer comes back, whatever its origin.
enum WriteOutcome {
    /// The answer to the write `operation`: confirms or rolls back the write, if the state
    /// still waits for it (not after a time travel to before it, say).
    static func apply(_ result: Result<Comment, CommentsError>, toWrite operation: Int, in state: inout CommentsState) {
        guard let write = state.requests.finish(operation, postedID: try? result.get().id) else { return }
        switch result {
        case .success(let comment): confirm(write.change, comment, operation: operation, in: &state)
        case .failure(.changedOnSite(let conflict)): ConflictOutcome.apply(write, conflict, operation: operation, in: &state)
        case .failure(let error): rollBack(write.change, error, operation: operation, in: &state)
        }
    }

    /// The site did it: take its word for the comment, and clear the error a failed
    /// earlier attempt on the same comment left.
    static func confirm(_ write: WriteChange, _ comment: Comment, operation: Int, in state: inout CommentsState) {
        let site = write.site
        switch write {
        case let .moderation(_, id, _, moderation, undoing):
            state.comments[site]?.modify(id) { $0.update(comment); $0.mark = nil }
            state.clearError(site: site, topic: .comment(id))
            if let undoing {
                let author = state.comments[site]?[id]?.authorName
                state.publish(site: site, topic: .comment(id), .info,
                      "Undone: \(undoing.describe(author: author)) — comment \(comment.status.displayName) again.")
            } else {
                // The site says which status a restore brought back: the step undoes to it.
                if let index = state.undoStack.lastIndex(where: { $0.site == site && $0.id == id }) {
                    let step = state.undoStack[index]
                    state.undoStack[index] = UndoEntry(site: site, id: id, previousStatus: step.previousStatus,
                                                       newStatus: comment.status, batch: step.batch)
                }
                if moderation == .trash {
                    state.publish(site: site, topic: .comment(id), .info, "Comment moved to the trash", next: .undo)
                } else {
                    state.publish(site: site, topic: .comment(id), .info, "Comment \(moderation.pastTense).")
                }
            }
        case let .deletion(_, id):
            state.removeDeleted(site: site, id: id)
            state.publish(site: site, topic: .comment(id), .info, "Comment deleted permanently.")
        case let .reply(_, localID, _):
            state.comments[site]?.replaceLocal(localID, with: comment)
            state.postedReplies[localID] = comment.id
            state.clearError(site: site, topic: .comment(localID))
            state.publish(site: site, topic: .comment(comment.id), .info,
                  comment.status == .approved ? "Reply posted." : "Reply posted; it awaits moderation.")
        case let .edit(_, id, _, _, _):
            state.comments[site]?.modify(id) { $0.update(comment); $0.mark = nil }
            state.clearError(site: site, topic: .comment(id))
            state.publish(site: site, topic: .comment(id), .info, "Comment updated.")
        }
    }

    /// The site refused, or could not be reached, or nobody knows: put the comment back as
    /// it was (recorded in ``CommentsState/lastRollback`` so the cursor goes back to it),
    /// keep any text the user wrote, and say which of these it was.
    static func rollBack(_ write: WriteChange, _ error: CommentsError, operation: Int, in state: inout CommentsState) {
        let site = write.site
        let unknown = if case .outcomeUnknown = error { true } else { false }
        switch (write, error) {
        case let (.deletion(_, id), .http(status: 404, code: "rest_comment_invalid_id", _)):
            // Gone is what a permanent deletion wants (settled: its answer was lost).
            state.removeDeleted(site: site, id: id)
            state.publish(site: site, topic: .comment(id), .info, "Comment deleted permanently.")
        case (_, .http(status: 404, code: "rest_comment_invalid_id", _)) where write.commentID != nil:
            // Deleted elsewhere: the list should not keep offering it.
            if let id = write.commentID {
                state.removeDeleted(site: site, id: id)
                state.dropUndoStep(site: site, id: id)
            }
            state.publish(site: site, topic: write.commentID.map(Notice.Topic.comment), .info,
                  "That comment no longer exists on the site; it was removed from the list.")
        case let (.moderation(_, id, _, .trash, _), .http(status: 410, _, _)):
            state.comments[site]?.modify(id) { $0.setStatus(.trash); $0.mark = nil }
            state.publish(site: site, topic: .comment(id), .info, "The comment was already in the trash.")
        case let (.moderation(_, id, previous, moderation, undoing), _):
            state.comments[site]?.modify(id) { $0.setStatus(previous); $0.mark = nil }
            if let undoing {
                state.pushUndo(undoing)
            } else {
                state.dropUndoStep(site: site, id: id)
            }
            state.lastRollback = Rollback(operation: operation, site: site, id: id)
            state.publish(site: site, topic: .comment(id), .error,
                  unknown ? "\(moderation.verb): \(error) — shown as it was until a reload shows what the site has."
                          : "\(moderation.verb) failed: \(error) — restored.")
        case let (.deletion(_, id), _):
            state.comments[site]?.modify(id) { $0.isBeingDeleted = false }
            state.lastRollback = Rollback(operation: operation, site: site, id: id)
            state.publish(site: site, topic: .comment(id), .error,
                  unknown ? "Delete: \(error) — shown as it was until a reload shows what the site has." : "Delete failed: \(error) — restored.")
        case let (.reply(_, localID, _), _):
            state.comments[site]?.modify(localID) { $0.mark = .failed(error) }
            state.publish(site: site, topic: .comment(localID), .error,
                  unknown ? "Reply: \(error) Your text is kept; sending it again first checks whether it got there."
                          : "Reply failed, your text is kept",
                  next: unknown ? nil : .retryOrDiscardReply, detail: unknown ? nil : "\(error)")
        case let (.edit(_, id, previous, text, author), _):
            state.comments[site]?.modify(id) { $0.restoreContent(from: previous); $0.mark = nil }
            state.unsentEdit = UnsentEdit(site: site, id: id, text: text, author: author)
            state.publish(site: site, topic: .comment(id), .error,
                  unknown ? "Edit: \(error) Your text is kept" : "Edit failed, your text is kept",
                  next: .editAgain, detail: unknown ? nil : "\(error)")
        }
    }
}
