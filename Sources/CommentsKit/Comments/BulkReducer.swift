import Flux

/// Bulk actions, for ``CommentsReducer``: one action on many comments of a site, sent in
/// the order given with at most ``BulkRun/concurrency`` requests in flight.
///
/// Each comment goes the way of a single write (``WriteLifecycle``: optimistic change, undo
/// step, counts, request, settlement of an ambiguous outcome, confirmation or rollback of
/// that comment only) — but the run speaks for all of them: one progress notice
/// ("Spam: 137 / 212"), one end notice grouping the failures by reason, and one undo that
/// reverts the whole run together with the retries of its failures (their steps share the
/// run's ``BulkRun/undoBatch``). The cursor is not sent to each rolled-back comment: the
/// failed ones stay tagged instead.
///
/// A request is a single write, or a `/batch/v1` request of up to the site's batch size of
/// writes when the site's index says its comment routes allow batching (WordPress 6.1's do
/// not: no `allow_batch`). The index is read once per site, by the first run that does not
/// fit in its first requests, while they run (``CommentsAction/batchSizeRead(site:size:)``). Each write of a batch still
/// ends as its own ``CommentsAction/writeFinished(operation:result:)``: a failed
/// sub-request fails that comment only, and a batch whose answer was lost is settled
/// comment by comment (``WriteSettlement/sendBatch(_:client:)``).
struct BulkReducer: Sendable {
    let connections: [SiteID: SiteConnection]

    /// Starts `action` on `ids` of `site`, unless a run is under way.
    func start(site: SiteID, ids: [Int], action: BulkAction, in state: inout CommentsState) -> Effect<CommentsAction> {
        start(site: site, items: ids.map { BulkItem(id: $0, action: action, undoing: nil) }, verb: action.verb,
              isUndo: false, isOfTags: true, in: &state)
    }

    /// Starts a run of `items`; `isOfTags`: the user's tagged comments; `retrying`: the run
    /// whose failures they are; `emptying`: the status an Empty Spam / Empty Trash deletes.
    func start(
        site: SiteID, items: [BulkItem], verb: String, isUndo: Bool, isOfTags: Bool = false, retrying: BulkRun? = nil,
        emptying: CommentStatus? = nil, in state: inout CommentsState
    ) -> Effect<CommentsAction> {
        guard !isRunning(site: site, in: &state) else { return .none }
        guard connections[site] != nil, !items.isEmpty else {
            state.publish(site: site, .info, "Nothing to do.")
            return .none
        }
        state.bulkRuns += 1
        var run = BulkRun(number: state.bulkRuns, undoBatch: retrying?.undoBatch ?? state.bulkRuns, site: site, verb: verb,
                          isUndo: isUndo, isUndoable: !isUndo && items.allSatisfy { $0.action.isUndoable },
                          isOfTags: isOfTags, total: items.count, queue: items)
        run.batchSize = state.bulkBatchSizes[site]
        run.emptying = emptying ?? retrying?.emptying
        state.bulk = run
        let pumped = pump(&state)
        // What the first requests do not carry may go in batches: the site's index says
        // whether it can, while those requests run (nobody waits for it).
        guard run.batchSize == nil, !(state.bulk?.queue.isEmpty ?? true), let client = connections[site]?.client else { return pumped }
        let readIndex = Effect<CommentsAction>.run { send in
            // Not allowed: 1 (kept); the index unreadable: nil (single requests, asked again next run).
            let size: Int?? = try? .some(await client.commentBatchSize())
            await send(.batchSizeRead(site: site, size: size.map { $0 ?? 1 }))
        }
        return .merge(pumped, readIndex)
    }

    /// The site's index answered (or not): the run under way sends the rest in batches, if
    /// the site takes them.
    func batchSizeRead(site: SiteID, size: Int?, in state: inout CommentsState) -> Effect<CommentsAction> {
        if let size { state.bulkBatchSizes[site] = size }
        guard var run = state.bulk, run.site == site, run.batchSize == nil else { return .none }
        run.batchSize = size ?? 1
        state.bulk = run
        return pump(&state)
    }

    /// Whether a run is under way (one at a time): then says to wait.
    private func isRunning(site: SiteID, in state: inout CommentsState) -> Bool {
        guard let running = state.bulk else { return false }
        state.publish(site: site, .info, "Wait: the \(running.verb.lowercased()) of \(count: running.total) comments is still running.")
        return true
    }

    /// Sends again the comments that failed in the last run, as a run whose undo steps join
    /// the last run's.
    func retryFailures(in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let last = state.lastBulk, !last.failures.isEmpty else {
            state.publish(.info, "No failed bulk action to retry.")
            return .none
        }
        guard !isRunning(site: last.site, in: &state) else { return .none }
        state.lastBulk = nil
        // An undo's failures went back on the undo stack; sent again, they come off it, as
        // `z` took them; a failure puts its step back.
        state.removeUndoSteps(last.failedItems.compactMap(\.undoing))
        return start(site: last.site, items: last.failedItems, verb: last.verb, isUndo: last.isUndo, isOfTags: last.isOfTags,
                     retrying: last, in: &state)
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

    /// One of run `number`'s writes ended: the comment is confirmed or rolled back as a
    /// single write would be, then the run counts it and sends the next. (A write of a run
    /// that is no longer under way — a time travel — is applied and counted by no run.)
    func finished(_ operation: Int, run number: Int, result: Result<Comment, CommentsError>, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard var run = state.bulk, run.number == number, let item = run.inFlight.removeValue(forKey: operation) else {
            WriteOutcome.apply(result, toWrite: operation, in: &state)
            return .none
        }
        run.requestOfOperation[operation] = nil
        // The cursor is not sent to each rolled-back comment: the failed ones stay tagged.
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

    /// Fills the run's free request slots with the next comments (a batch of them per
    /// request where the site allows it); ends the run when nothing is left; publishes the
    /// progress. Single requests while the batch size is not known yet.
    ///
    /// Check, then act: a comment is written only once the site said it is still as the user
    /// acted on it. The queue is read a chunk at a time (``checkChunk`` comments in one list,
    /// ``WordPressClient/snapshots(ids:)``) when its next comment was not read yet; a comment
    /// that changed there is not written, shows as the site has it, and is reported with the
    /// others at the end.
    private func pump(_ state: inout CommentsState) -> Effect<CommentsAction> {
        guard var run = state.bulk else { return .none }
        var effects: [Effect<CommentsAction>] = []
        if let client = connections[run.site]?.client {
            let size = run.batchSize ?? 1
            while !run.isStopped, run.requestsInFlight < BulkRun.concurrency, let next = run.queue.first {
                guard run.verified[next.id] != nil else {
                    if !run.isChecking { effects.append(check(&run, client: client)) }
                    break
                }
                var writes: [(operation: Int, request: WriteRequest)] = []
                while writes.count < size, let item = run.queue.first, let found = run.verified[item.id] {
                    run.queue.removeFirst()
                    state.bulk = run
                    switch begin(item, found: found, run: run, in: &state) {
                    case .began(let write):
                        run.inFlight[write.operation] = item
                        writes.append(write)
                    case .nothingToDo: run.skipped.append(item.id)
                    case .done: run.succeeded.append(item.id)
                    case .changed(let conflict): run.changed.append(conflict)
                    }
                }
                guard let first = writes.first else { continue }
                for (operation, _) in writes { run.requestOfOperation[operation] = first.operation }
                effects.append(size == 1 ? WriteLifecycle.send(first.operation, first.request, client: client)
                                         : WriteLifecycle.sendBatch(writes, client: client))
            }
        }
        state.bulk = run
        if run.isOver {
            end(run, in: &state)
        } else if run.isStopped {
            state.publish(site: run.site, .info, "\(run.verb): stopping — \(count: run.inFlight.count) already sent, on their way")
        } else {
            state.publish(site: run.site, .info, "\(run.verb): \(count: run.finishedCount) / \(count: run.total)")
        }
        return .merge(effects)
    }

    /// How many comments of the queue one check reads: a list's largest page.
    static let checkChunk = 100

    /// Reads the next chunk of the queue not read yet, in one list.
    private func check(_ run: inout BulkRun, client: WordPressClient) -> Effect<CommentsAction> {
        let verified = run.verified
        let ids = Array(run.queue.lazy.map(\.id).filter { verified[$0] == nil }.prefix(Self.checkChunk))
        run.isChecking = true
        let number = run.number
        return .run { send in
            let result = await Result<[CommentSnapshot], CommentsError>.capturing {
                try await client.snapshots(ids: ids).values.sorted { $0.id < $1.id }
            }
            await send(.bulkChecked(run: number, ids: ids, result: result))
        }
    }

    /// The chunk `ids` of run `number` as the site has it: its writes go. When it could not
    /// be read, its comments are not written (nothing is written unchecked): they fail, for
    /// a retry, and an undo's steps go back on the stack.
    func checked(run number: Int, ids: [Int], result: Result<[CommentSnapshot], CommentsError>, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard var run = state.bulk, run.number == number else { return .none }
        run.isChecking = false
        switch result {
        case .success(let found):
            let byID = Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for id in ids { run.verified[id] = .some(byID[id]) }
        case .failure(let error):
            let chunk = Set(ids)
            let unchecked = run.queue.filter { chunk.contains($0.id) }
            run.queue.removeAll { chunk.contains($0.id) }
            for item in unchecked {
                run.failures.append(BulkFailure(reason: "it could not be checked on the site first: \(error)", item: item))
                if let step = item.undoing { state.pushUndo(step) }
            }
        }
        state.bulk = run
        return pump(&state)
    }

    /// How one comment of a run starts.
    private enum Start {
        /// Its write began: the operation and the request.
        case began((operation: Int, request: WriteRequest))
        /// Nothing to do: it is busy here, not loaded, or already as asked.
        case nothingToDo
        /// What was wanted is so already: a deletion of a comment the site no longer has.
        case done
        /// It changed on the site since the run was asked for: not written.
        case changed(WriteConflict)
    }

    /// Begins the write of one item (``WriteLifecycle/begin(_:from:overriding:checked:in:)``)
    /// once compared with `found`, the site's copy (nil: deleted). Emptying the spam
    /// deletes comments that were never loaded: a deletion needs no entry.
    private func begin(_ item: BulkItem, found: CommentSnapshot?, run: BulkRun, in state: inout CommentsState) -> Start {
        let site = run.site
        let entry = state.comments[site]?[item.id]
        if entry != nil, WriteLifecycle.refusal(site: site, id: item.id, in: state) != nil { return .nothingToDo }
        let change: WriteChange
        switch item.action {
        case .deletePermanently:
            change = .deletion(site: site, id: item.id)
        case .moderate(let moderation):
            guard let previous = entry?.status else { return .nothingToDo }
            change = .moderation(site: site, id: item.id, from: previous, to: moderation, undoing: item.undoing)
        }
        var check = WriteLifecycle.siteCheck(for: change, overriding: nil, in: state)
        // Emptying deletes comments never loaded: each must still be in the folder emptied
        // (one restored by someone else during a long Empty Spam is not deleted).
        if case .deletion(let id, nil)? = check, let emptying = run.emptying { check = .deletion(id: id, from: emptying) }
        guard let conflict = check?.conflict(with: found) else {
            return .began(WriteLifecycle.begin(change, from: .bulk(run: run.number), checked: true, in: &state))
        }
        ConflictOutcome.showTruth(conflict.found, site: site, id: item.id, in: &state)
        switch conflict.change {
        case .deleted where item.action == .deletePermanently: return .done
        case .alreadyDone: return .nothingToDo
        default: return .changed(conflict)
        }
    }

    // MARK: The end

    /// The run is over: it becomes the last run (what a retry sends again) and its outcome
    /// is said in one notice.
    private func end(_ run: BulkRun, in state: inout CommentsState) {
        state.bulk = nil
        state.lastBulk = run
        let failedCount = run.total - run.succeeded.count - run.skipped.count - run.changed.count - run.queue.count
        var sentence = "\(run.verb): \(count: run.succeeded.count) of \(count: run.total) done"
        if !run.skipped.isEmpty { sentence += ", \(count: run.skipped.count) left as they were" }
        if !run.changed.isEmpty { sentence += ", " + Self.changedReport(run) }
        let tagged = run.isOfTags ? " (still tagged)" : ""
        if run.isStopped, !run.queue.isEmpty { sentence += "; stopped, \(count: run.queue.count) not sent\(tagged)" }
        guard failedCount > 0 else {
            let undoable = run.isUndoable && !run.succeeded.isEmpty
            state.publish(site: run.site, .info, sentence + (undoable ? "" : "."), next: undoable ? .undo : nil)
            return
        }
        let reasons = run.failureCounts.map { "\($0.count) × \($0.reason)" }.joined(separator: "; ")
        sentence += "; \(count: failedCount) failed and \(failedCount == 1 ? "was" : "were") put back\(tagged)"
        state.publish(site: run.site, .error, sentence, next: .retryBulkFailures, detail: reasons)
    }

    /// The comments a run did not write because they changed on the site, grouped by what
    /// they are now: "3 skipped: changed on the site since you tagged them (2 now spam, 1 deleted)".
    static func changedReport(_ run: BulkRun) -> String {
        let since = run.isOfTags ? "since you tagged them" : run.isUndo ? "since your change" : "since they were listed"
        let groups = Dictionary(run.changed.map { ($0.shortReason, 1) }, uniquingKeysWith: +)
            .sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            .map { "\($0.value) \($0.key)" }
            .joined(separator: ", ")
        return "\(count: run.changed.count) skipped: changed on the site \(since) (\(groups))"
    }

    /// An error in words, as the grouping key of the end notice.
    static func reason(_ error: CommentsError) -> String {
        "\(error)"
    }

    // MARK: Empty Spam / Empty Trash

    /// Asks the site how many comments are in `status` (its `X-WP-Total`): the question
    /// before emptying states the site's count, not what happens to be loaded. Comments and
    /// pings, each asked by name (``CommentKind``), as wp-admin counts and empties them:
    /// never `type=all`, which since WordPress 6.9 brings the block editor's notes, and
    /// emptied them with the trash.
    func countToEmpty(site: SiteID, status: CommentStatus) -> Effect<CommentsAction> {
        guard let client = connections[site]?.client else { return .none }
        return .run { send in
            let result = await Result<Int, CommentsError>.capturing {
                try await client.count(CommentListRequest(statuses: [status]), kinds: CommentKind.allCases)
            }
            await send(.countedToEmpty(site: site, status: status, result: result))
        }
    }

    /// A count that failed is said; one that arrived is the interface's to ask about.
    func countedToEmpty(site: SiteID, status: CommentStatus, result: Result<Int, CommentsError>, in state: inout CommentsState) {
        if case .failure(let error) = result {
            let which = status == .trash ? "comments in the trash" : "\(status.displayName) comments"
            state.publish(site: site, .error, "Could not count the \(which): \(error)")
        }
    }

    /// Lists the ids of every comment and ping in `status` (`_fields=id`, the kinds counted),
    /// then deletes them if they are the `count` the user agreed to delete.
    func empty(site: SiteID, status: CommentStatus, count: Int, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let client = connections[site]?.client, !isRunning(site: site, in: &state) else { return .none }
        state.publish(site: site, .info, "\(Self.emptyVerb(status)): listing the comments…")
        return .run { send in
            let result = await Result<[Int], CommentsError>.capturing {
                try await client.ids(CommentListRequest(statuses: [status]), kinds: CommentKind.allCases)
            }
            await send(.listedToEmpty(site: site, status: status, agreed: count, result: result))
        }
    }

    /// The ids arrived: a run of permanent deletions, never undoable — unless the folder
    /// no longer holds the number the user agreed to delete (a comment marked spam since
    /// the question, say, which nobody agreed to lose): then nothing is deleted and the
    /// user is told, so the next question states the new count.
    func listed(
        site: SiteID, status: CommentStatus, agreed: Int, result: Result<[Int], CommentsError>, in state: inout CommentsState
    ) -> Effect<CommentsAction> {
        let verb = Self.emptyVerb(status)
        switch result {
        case .failure(let error):
            state.publish(site: site, .error, "\(verb) failed: could not list the comments: \(error)")
            return .none
        case .success(let ids) where ids.isEmpty:
            state.publish(site: site, .info, "\(verb): nothing to delete.")
            return .none
        case .success(let ids) where ids.count != agreed:
            let folder = status == .trash ? "in the trash" : "in \(status.displayName)"
            state.publish(site: site, .error, """
                \(verb): nothing deleted — the site now has \(count: ids.count) comment\(ids.count == 1 ? "" : "s") \(folder), \
                not the \(count: agreed) you agreed to delete. \(verb) again asks with the new count.
                """)
            return .none
        case .success(let ids):
            let items = ids.map { BulkItem(id: $0, action: .deletePermanently, undoing: nil) }
            return start(site: site, items: items, verb: Self.emptyVerb(status), isUndo: false, emptying: status, in: &state)
        }
    }

    /// "Empty Spam", "Empty Trash".
    static func emptyVerb(_ status: CommentStatus) -> String {
        status == .trash ? "Empty Trash" : "Empty Spam"
    }
}
