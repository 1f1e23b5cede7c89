import Flux

/// Moderation, for ``CommentsReducer``: a comment's status changes (approve, hold, spam,
/// trash, restore), permanent deletion, and undo — from a single key.
///
/// What it decides is whether the key does anything and what it says when it does not;
/// the write itself — optimistic change, undo step, counts, request, answer — goes through
/// ``WriteLifecycle``. A trash or a moderation goes on the undo stack (its rules:
/// `CommentsState+Undo.swift`); a permanent deletion does not.
struct ModerationReducer: Sendable {
    let connections: [SiteID: SiteConnection]

    /// Changes a comment's status; `undoing` names the undo step this write reverts (an
    /// undo is not itself put on the stack; if it fails, the step goes back on it).
    func moderate(
        site: SiteID, id: Int, to moderation: Moderation, undoing: UndoEntry? = nil, in state: inout CommentsState
    ) -> Effect<CommentsAction> {
        guard let (entry, client) = WriteLifecycle.writableEntry(
            site: site, id: id, doing: moderation.verb, client: connections[site]?.client, in: &state
        ) else { return .none }
        // A comment that parley's copy says is so already may not be on the site (restored
        // there since, say): the site is asked as for any write, and says which it is.
        let (operation, request) = WriteLifecycle.begin(
            .moderation(site: site, id: id, from: entry.status, to: moderation, undoing: undoing),
            from: undoing == nil ? .single : .undo, in: &state)
        return WriteLifecycle.send(operation, request, client: client)
    }

    /// Reverts the newest step of the undo stack, on its site. Steps whose comment was
    /// deleted since, or whose status changed since (elsewhere), are dropped on the way
    /// (counted in the notice when nothing is left to undo); a step whose comment has a
    /// write in flight stays and the notice says to wait.
    func undo(in state: inout CommentsState) -> Effect<CommentsAction> {
        var skipped = 0
        var stack = state.undoStack
        var next: (step: UndoEntry, author: String)?
        while let last = stack.last {
            guard let entry = state.comments[last.site]?[last.id], !entry.isBeingDeleted,
                  entry.status == last.newStatus || entry.mark != nil else {
                stack.removeLast()
                skipped += 1
                continue
            }
            next = (last, entry.authorName)
            break
        }
        let skippedNote = skipped == 0 ? "" : " (\(skipped) step\(skipped == 1 ? " was" : "s were") skipped: \(skipped == 1 ? "its comment was" : "their comments were") deleted or changed since)"
        guard let (step, author) = next else {
            state.undoStack = stack
            state.lastUndo = nil
            state.publish(.info, "Nothing to undo." + skippedNote)
            return .none
        }
        if let mark = state.comments[step.site]?[step.id]?.mark {
            state.undoStack = stack
            state.lastUndo = nil
            // A queued write is not on its way until the site answers: dropping it undoes it.
            state.publish(site: step.site, .info, mark == .queued
                ? "The \(step.describe(author: author)) waits in the outbox: dropping it there undoes it."
                : "Wait: the \(step.describe(author: author)) is still on its way.")
            return .none
        }
        stack.removeLast()
        state.undoStack = stack
        state.lastUndo = step
        state.requests.statusBeforeTrash[step.site, default: [:]][step.id] = step.previousStatus
        return moderate(site: step.site, id: step.id, to: step.reversal, undoing: step, in: &state)
    }

    /// Deletes a comment for good. The undo stack is left alone: a step about this comment
    /// is skipped when reached.
    func deletePermanently(site: SiteID, id: Int, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let (_, client) = WriteLifecycle.writableEntry(
            site: site, id: id, doing: "Delete", client: connections[site]?.client, in: &state
        ) else { return .none }
        let (operation, request) = WriteLifecycle.begin(.deletion(site: site, id: id), from: .single, in: &state)
        return WriteLifecycle.send(operation, request, client: client)
    }
}
