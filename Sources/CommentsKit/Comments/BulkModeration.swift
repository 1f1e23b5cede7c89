import Flux

/// Bulk actions, for ``CommentsReducer``: one action on many comments of a site, sent as
/// single requests, at most ``BulkRun/concurrency`` at a time, in the order given.
///
/// Each comment goes the way of a single write — optimistic change, request, settlement of
/// an ambiguous outcome (``WriteSettlement``), confirmation or rollback of that comment
/// only (``WriteOutcome``) — but the run speaks for all of them: one progress notice
/// ("Spam: 137 / 212"), one end notice grouping the failures by reason, and one undo that
/// reverts the whole run (its steps share the run's number). The cursor is not sent to
/// each rolled-back comment: the failed ones stay tagged instead.
///
/// `/batch/v1` is not used: WordPress 6.1's comment routes do not allow it (no
/// `allow_batch`), and concurrent single requests work on every site.
struct BulkModeration: Sendable {
    let connections: [SiteID: SiteConnection]

    /// Starts `action` on `ids` of `site`, unless a run is under way.
    func start(site: SiteID, ids: [Int], action: BulkAction, in state: inout CommentsState) -> Effect<CommentsAction> {
        start(site: site, items: ids.map { BulkItem(id: $0, action: action, undoing: nil) }, verb: action.verb,
              isUndo: false, in: &state)
    }

    /// Starts a run of `items`.
    func start(site: SiteID, items: [BulkItem], verb: String, isUndo: Bool, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard !isRunning(site: site, in: &state) else { return .none }
        guard connections[site] != nil, !items.isEmpty else {
            state.publish(site: site, .info, "Nothing to do.")
            return .none
        }
        state.bulkRuns += 1
        state.bulk = BulkRun(number: state.bulkRuns, site: site, verb: verb, isUndo: isUndo,
                             isUndoable: !isUndo && items.allSatisfy { $0.action.isUndoable }, total: items.count, queue: items)
        return pump(&state)
    }

    /// Whether a run is under way (one at a time): then says to wait.
    private func isRunning(site: SiteID, in state: inout CommentsState) -> Bool {
        guard let running = state.bulk else { return false }
        state.publish(site: site, .info, "Wait: the \(running.verb.lowercased()) of \(running.total) comments is still running.")
        return true
    }

    /// Sends again the comments that failed in the last run.
    func retryFailures(in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let last = state.lastBulk, !last.failures.isEmpty else {
            state.publish(.info, "No failed bulk action to retry.")
            return .none
        }
        state.lastBulk = nil
        return start(site: last.site, items: last.failedItems, verb: last.verb, isUndo: last.isUndo, in: &state)
    }

    /// `z` on a bulk run's steps: reverts each comment to its earlier status, as a run.
    /// Comments deleted or changed since are left alone.
    func undo(batch: Int, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let site = state.undoStack.last?.site, !isRunning(site: site, in: &state) else { return .none }
        var items: [BulkItem] = []
        for step in state.popUndoRun(batch) {
            guard let entry = state.comments[site]?[step.id], entry.status == step.newStatus else { continue }
            state.requests.statusBeforeTrash[site, default: [:]][step.id] = step.previousStatus
            items.append(BulkItem(id: step.id, action: .moderate(step.reversal), undoing: step))
        }
        state.lastUndo = nil
        guard !items.isEmpty else {
            state.publish(site: site, .info, "Nothing to undo: those comments were deleted or changed since.")
            return .none
        }
        return start(site: site, items: items, verb: "Undo", isUndo: true, in: &state)
    }

    /// Esc: what is not sent is not sent; what is in flight ends as it ends.
    func stop(in state: inout CommentsState) -> Effect<CommentsAction> {
        guard var run = state.bulk else { return .none }
        run.isStopped = true
        state.bulk = run
        return pump(&state)
    }

    /// Whether `operation` is one of the run's writes.
    static func owns(_ operation: Int, in state: CommentsState) -> Bool {
        state.bulk?.inFlight[operation] != nil
    }

    /// One of the run's writes ended: the comment is confirmed or rolled back as a single
    /// write would be, then the run counts it and sends the next.
    func finished(_ operation: Int, result: Result<Comment, CommentsError>, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard var run = state.bulk, let item = run.inFlight.removeValue(forKey: operation) else { return .none }
        let rollback = state.lastRollback
        WriteOutcome.apply(result, toWrite: operation, in: &state)
        state.lastRollback = rollback
        switch result {
        case .success:
            run.succeeded.append(item.id)
        case .failure(let error):
            switch (item.action, error) {
            case (.deletePermanently, .http(status: 404, code: "rest_comment_invalid_id", _)),
                 (.moderate(.trash), .http(status: 410, _, _)):
                run.succeeded.append(item.id)  // what was wanted: gone, or in the trash already
            case (_, .http(status: 404, code: "rest_comment_invalid_id", _)):
                run.failures.append(BulkFailure(reason: "it no longer exists on the site", item: item))
            default:
                run.failures.append(BulkFailure(reason: Self.reason(error), item: item))
            }
        }
        state.bulk = run
        return pump(&state)
    }

    // MARK: Sending

    /// Fills the run's free slots with the next comments; ends the run when nothing is
    /// left; publishes the progress.
    private func pump(_ state: inout CommentsState) -> Effect<CommentsAction> {
        guard var run = state.bulk else { return .none }
        var effects: [Effect<CommentsAction>] = []
        while !run.isStopped, run.inFlight.count < BulkRun.concurrency, !run.queue.isEmpty {
            let item = run.queue.removeFirst()
            state.bulk = run
            if let (operation, effect) = send(item, run: run, in: &state) {
                run.inFlight[operation] = item
                effects.append(effect)
            } else {
                run.skipped.append(item.id)
            }
        }
        state.bulk = run
        if run.isOver {
            end(run, in: &state)
        } else if run.isStopped {
            state.publish(site: run.site, .info, "\(run.verb): stopping — \(run.inFlight.count) already sent, on their way")
        } else {
            state.publish(site: run.site, .info, "\(run.verb): \(run.finishedCount) / \(run.total)")
        }
        return .merge(effects)
    }

    /// Starts the write of one item; nil when there is nothing to do to its comment (gone,
    /// busy, already so).
    private func send(_ item: BulkItem, run: BulkRun, in state: inout CommentsState) -> (Int, Effect<CommentsAction>)? {
        let site = run.site
        guard let client = connections[site]?.client else { return nil }
        let entry = state.comments[site]?[item.id]
        if let entry, entry.isLocal || entry.mark != nil || entry.isBeingDeleted { return nil }
        switch item.action {
        case .deletePermanently:
            // Emptying the spam deletes comments that were never loaded: no entry to mark.
            let effect = CommentsReducer.startWrite(.deletion(site: site, id: item.id), settling: .permanentDeletion(id: item.id),
                                                    client: client, in: &state) {
                try await client.deletePermanently(id: item.id)
            }
            state.comments[site]?.modify(item.id) { $0.isBeingDeleted = true }
            return (state.requests.lastOperation, effect)
        case .moderate(let moderation):
            guard let previous = entry?.status else { return nil }
            let target = moderation.resultingStatus(previous: state.requests.statusBeforeTrash[site]?[item.id])
            if moderation == .restore ? previous != .trash : target == previous { return nil }
            let effect = CommentsReducer.startWrite(
                .moderation(site: site, id: item.id, from: previous, to: moderation, undoing: item.undoing),
                settling: .moderation(id: item.id, to: moderation, expected: target), client: client, in: &state
            ) {
                try await CommentsModeration.request(moderation, id: item.id, client: client)
            }
            let operation = state.requests.lastOperation
            if target == .trash { state.requests.statusBeforeTrash[site, default: [:]][item.id] = previous }
            state.comments[site]?.modify(item.id) { $0.setStatus(target); $0.mark = .updating }
            if item.undoing == nil {
                var step = UndoEntry(site: site, id: item.id, previousStatus: previous, newStatus: target)
                step.batch = run.number
                state.pushUndo(step)
            }
            return (operation, effect)
        }
    }

    // MARK: The end

    /// The run is over: it becomes the last run (what a retry sends again) and its outcome
    /// is said in one notice.
    private func end(_ run: BulkRun, in state: inout CommentsState) {
        state.bulk = nil
        state.lastBulk = run
        let failedCount = run.total - run.succeeded.count - run.skipped.count - run.queue.count
        var sentence = "\(run.verb): \(run.succeeded.count) of \(run.total) done"
        if !run.skipped.isEmpty { sentence += ", \(run.skipped.count) left as they were" }
        if run.isStopped, !run.queue.isEmpty { sentence += "; stopped, \(run.queue.count) not sent (still tagged)" }
        guard failedCount > 0 else {
            let undoable = run.isUndoable && !run.succeeded.isEmpty
            state.publish(site: run.site, .info, sentence + (undoable ? "" : "."), next: undoable ? .undo : nil)
            return
        }
        let reasons = run.failureCounts.map { "\($0.count) × \($0.reason)" }.joined(separator: "; ")
        sentence += "; \(failedCount) failed and \(failedCount == 1 ? "was" : "were") put back (still tagged)"
        state.publish(site: run.site, .error, sentence, next: .retryBulkFailures, detail: reasons)
    }

    /// An error in words, as the grouping key of the end notice.
    static func reason(_ error: CommentsError) -> String {
        "\(error)"
    }

    // MARK: Empty Spam / Empty Trash

    /// Asks the site how many comments are in `status` (its `X-WP-Total`): the question
    /// before emptying states the site's count, not what happens to be loaded. Every type
    /// (`type=all`: pingbacks and trackbacks too), as wp-admin's Empty Spam deletes them.
    func countToEmpty(site: SiteID, status: CommentStatus) -> Effect<CommentsAction> {
        guard let client = connections[site]?.client else { return .none }
        return .run { send in
            let result = await Result<Int, CommentsError>.capturing {
                try await client.count(CommentListRequest(statuses: [status], type: "all"))
            }
            await send(.countedToEmpty(site: site, status: status, result: result))
        }
    }

    /// A count that failed is said; one that arrived is the interface's to ask about.
    func counted(site: SiteID, status: CommentStatus, result: Result<Int, CommentsError>, in state: inout CommentsState) {
        if case .failure(let error) = result {
            state.publish(site: site, .error, "Could not count the \(status.displayName) comments: \(error)")
        }
    }

    /// Lists the ids of every comment in `status` (`_fields=id`), then deletes them.
    func empty(site: SiteID, status: CommentStatus, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let client = connections[site]?.client, !isRunning(site: site, in: &state) else { return .none }
        state.publish(site: site, .info, "\(Self.emptyVerb(status)): listing the comments…")
        return .run { send in
            let result = await Result<[Int], CommentsError>.capturing {
                try await client.ids(CommentListRequest(statuses: [status], type: "all"))
            }
            await send(.listedToEmpty(site: site, status: status, result: result))
        }
    }

    /// The ids arrived: a run of permanent deletions, never undoable.
    func listed(site: SiteID, status: CommentStatus, result: Result<[Int], CommentsError>, in state: inout CommentsState) -> Effect<CommentsAction> {
        switch result {
        case .failure(let error):
            state.publish(site: site, .error, "\(Self.emptyVerb(status)) failed: could not list the comments: \(error)")
            return .none
        case .success(let ids) where ids.isEmpty:
            state.publish(site: site, .info, "\(Self.emptyVerb(status)): nothing to delete.")
            return .none
        case .success(let ids):
            let items = ids.map { BulkItem(id: $0, action: .deletePermanently, undoing: nil) }
            return start(site: site, items: items, verb: Self.emptyVerb(status), isUndo: false, in: &state)
        }
    }

    /// "Empty Spam", "Empty Trash".
    static func emptyVerb(_ status: CommentStatus) -> String {
        status == .trash ? "Empty Trash" : "Empty Spam"
    }
}
