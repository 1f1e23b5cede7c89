/// What a write that found its comment changed on the site does (``WriteConflict``, the
/// answer ``CommentsError/changedOnSite(_:)``): nothing was written, so the optimistic
/// change goes — not back to what the row showed, but to what the site has now (a deleted
/// comment leaves the list) —, the text the user wrote is kept, the user is told what
/// changed, and, when writing anyway makes sense, the write is held for the question
/// (``CommentsState/conflicts``). A bulk run's comments are not asked about one by one:
/// the run reports them together (``BulkReducer``).
enum ConflictOutcome {
    /// Applies conflict `conflict` to `write` (operation `operation`, already taken off the
    /// writes in flight).
    static func apply(_ write: PendingWrite, _ conflict: WriteConflict, operation: Int, in state: inout CommentsState) {
        let site = write.site
        switch write.change {
        case let .moderation(_, id, _, _, undoing):
            showTruth(conflict.found, site: site, id: id, in: &state)
            // The step this write put on the stack undoes nothing now; an undo's step is stale.
            if undoing == nil { state.dropUndoStep(site: site, id: id) }
        case let .deletion(_, id):
            showTruth(conflict.found, site: site, id: id, in: &state)
        case let .edit(_, id, _, text, author):
            showTruth(conflict.found, site: site, id: id, in: &state)
            state.unsentEdit = UnsentEdit(site: site, id: id, text: text, author: author)
        case let .reply(_, localID, _):
            state.comments[site]?.modify(localID) { $0.mark = .failed(.changedOnSite(conflict)) }
            if let found = conflict.found { state.comments[site]?.modify(found.id) { $0.setStatus(found.status) } }
        }
        if let id = write.commentID, conflict.found != nil {
            state.lastRollback = Rollback(operation: operation, site: site, id: id)
        }
        // A bulk run reports its comments together, at its end.
        if case .bulk = write.origin { return }
        let topic = Notice.Topic.comment(write.change.localOrSiteID)
        guard conflict.asks else {
            let removed = conflict.found == nil ? "; it was removed from the list" : ""
            state.publish(site: site, topic: topic, .info, conflict.sentence + removed + ".")
            return
        }
        hold(write.change, conflict, in: &state)
        state.publish(site: site, topic: topic, .error, conflict.sentence + " — nothing was written.")
    }

    /// Keeps `change` for the question ``HeldConflict`` asks.
    private static func hold(_ change: WriteChange, _ conflict: WriteConflict, in state: inout CommentsState) {
        state.lastConflict += 1
        state.conflicts.append(HeldConflict(number: state.lastConflict, site: change.site, conflict: conflict, change: change))
    }

    /// Comment `id` as the site has it (`found`), or gone from the list (nil), with no
    /// write on its way.
    static func showTruth(_ found: CommentSnapshot?, site: SiteID, id: Int, in state: inout CommentsState) {
        guard let found else {
            state.removeDeleted(site: site, id: id)
            state.dropUndoStep(site: site, id: id)
            return
        }
        state.comments[site]?.modify(id) {
            $0.setStatus(found.status)
            $0.setContent(html: found.contentHTML, raw: found.contentRaw)
            $0.mark = nil
            $0.isBeingDeleted = false
        }
    }
}

extension WriteChange {
    /// The comment written, or a reply's local id.
    var localOrSiteID: Int {
        switch self {
        case .moderation(_, let id, _, _, _), .deletion(_, let id), .edit(_, let id, _, _, _): id
        case .reply(_, let localID, _): localID
        }
    }
}
