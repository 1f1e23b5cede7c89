import Foundation
import Flux

/// Every write's life, in one place: a status change, a permanent deletion, a reply or an
/// edit is
///
/// 1. **begun** (``begin(_:from:in:)``): the change shows at once (optimistic), goes on the
///    undo stack when it can be undone, moves the site's counts, and is recorded in flight
///    (``CommentsRequests/writes``) with where it came from (``WriteOrigin``);
/// 2. **sent** (``send(_:_:client:checkFirst:)``, ``sendBatch(_:client:)``): the request
///    leaves as an effect; the site is asked first when the write may have happened already
///    (`checkFirst`), and an ambiguous outcome is settled with the site
///    (``WriteSettlement``) before anyone is told;
/// 3. **finished** (``finish(_:result:in:)``): its answer confirms or rolls back the change
///    (``WriteOutcome``), and the origin says who follows up: a single key's write whose
///    site cannot be reached goes to the outbox, a bulk run counts it and sends its next
///    comment, an outbox entry leaves the outbox or waits for the next try; a write that
///    is over is logged (``JournalReducer``).
///
/// Whether a write may start at all (``refusal(site:id:in:)``) and what it compares with
/// the site before it is sent (``siteCheck(for:overriding:in:)``: check, then act) are
/// decided here too, once for single keys, undo, bulk runs and the outbox.
struct WriteLifecycle: Sendable {
    let counting: CountingReducer
    let facts: FactsReducer
    let bulk: BulkReducer
    let outbox: OutboxSendReducer
    let journal: JournalReducer

    // MARK: May it start

    /// Why no write may start on comment `id` of `site` now, or nil when one may.
    static func refusal(site: SiteID, id: Int, in state: CommentsState) -> WriteRefusal? {
        guard let entry = state.comments[site]?[id] else { return .noSuchComment }
        if entry.isLocal { return .notOnTheSiteYet }
        if entry.mark == .queued { return .queued }
        if entry.mark != nil || entry.isBeingDeleted { return .onItsWay }
        return nil
    }

    /// The entry `id` of `site` and the client to write it with, when a single key's write
    /// may start on it. Otherwise publishes why nothing happens, naming the write with
    /// `verb` ("Trash"), and returns nil.
    static func writableEntry(
        site: SiteID, id: Int, doing verb: String, client: WordPressClient?, in state: inout CommentsState
    ) -> (entry: CommentEntry, client: WordPressClient)? {
        let refusal = client == nil ? .noSuchComment : refusal(site: site, id: id, in: state)
        guard refusal == nil, let client, let entry = state.comments[site]?[id] else {
            let notice = (refusal ?? .noSuchComment).notice(verb: verb)
            state.publish(site: site, notice.kind, notice.text)
            return nil
        }
        return (entry, client)
    }

    // MARK: Begin

    /// Begins `change`, made by `origin`: records it in flight, shows it on its comment,
    /// puts its undo step on the stack and moves the counts. Returns the write's operation
    /// (its answer names it) and the request that carries it out.
    ///
    /// An outbox entry's change has shown since it was queued, and its entry moves the
    /// counts (``CommentsState/statusCounts(of:)``): sending it only marks its comment.
    ///
    /// `overriding`: the change made on the site that the user was asked about and said to
    /// write over (kept with the write, so that it can be told later). `checked`: the
    /// comment was compared with the site already (a bulk run checks a chunk at once), so
    /// the request does not read it again.
    static func begin(
        _ change: WriteChange, from origin: WriteOrigin, overriding: WriteConflict? = nil, checked: Bool = false,
        in state: inout CommentsState
    ) -> (operation: Int, request: WriteRequest) {
        // Read before the change shows: the check compares with the comment as the user saw it.
        let check = checked ? nil : siteCheck(for: change, overriding: overriding, in: state)
        var (operation, request) = beginUnchecked(change, from: origin, overriding: overriding, in: &state)
        request.check = check
        return (operation, request)
    }

    /// What write `change` compares with the site before it is sent: the comment as the user
    /// acted on it (its status, its text, that it exists; for a reply, that the comment it
    /// answers is not gone, trashed or spam). Nil when there is nothing to compare: a new
    /// top-level comment, or a reply the user said to post under a deleted comment.
    static func siteCheck(for change: WriteChange, overriding: WriteConflict?, in state: CommentsState) -> SiteCheck? {
        let site = change.site
        switch change {
        case let .moderation(_, id, from, moderation, undoing):
            let target = moderation.resultingStatus(previous: state.requests.statusBeforeTrash[site]?[id])
            return .status(id: id, from: from, target: target, restoring: moderation == .restore, isUndo: undoing != nil)
        case let .deletion(_, id):
            return .deletion(id: id, from: state.comments[site]?[id]?.status)
        case let .edit(_, id, previous, _, _):
            return .text(id: id, raw: previous.contentRaw, plain: previous.text)
        case let .reply(_, _, reply):
            guard reply.parent > 0 else { return nil }
            guard let overriding else { return .parent(id: reply.parent, confirmed: nil) }
            return overriding.found.map { .parent(id: reply.parent, confirmed: $0.status) }
        }
    }

    /// ``begin(_:from:overriding:checked:in:)`` but for the check.
    private static func beginUnchecked(
        _ change: WriteChange, from origin: WriteOrigin, overriding: WriteConflict?, in state: inout CommentsState
    ) -> (operation: Int, request: WriteRequest) {
        let operation = state.requests.begin(PendingWrite(change: change, origin: origin, overriding: overriding))
        let site = change.site
        let isOutbox = if case .outbox = origin { true } else { false }
        switch change {
        case let .moderation(_, id, from, moderation, undoing):
            let target = moderation.resultingStatus(previous: state.requests.statusBeforeTrash[site]?[id])
            if isOutbox {
                state.comments[site]?.modify(id) { $0.mark = .updating }
            } else {
                if target == .trash, from != .trash { state.requests.statusBeforeTrash[site, default: [:]][id] = from }
                state.comments[site]?.modify(id) { $0.setStatus(target); $0.mark = .updating }
                pushUndoStep(UndoEntry(site: site, id: id, previousStatus: from, newStatus: target), undoing: undoing,
                             origin: origin, in: &state)
                CountingReducer.move(site: site, CountAdjustment(operation: operation, from: from, to: target), in: &state)
            }
            return (operation, WriteRequest(call: .comment(.moderation(moderation, id: id)),
                                            ambiguous: .moderation(id: id, to: moderation, expected: target)))
        case let .deletion(_, id):
            if isOutbox {
                state.comments[site]?.modify(id) { $0.mark = nil }
            } else {
                // Emptying the spam deletes comments that were never loaded: nothing to show or count.
                if let from = state.comments[site]?[id]?.status {
                    CountingReducer.move(site: site, CountAdjustment(operation: operation, from: from, to: nil), in: &state)
                }
                state.comments[site]?.modify(id) { $0.isBeingDeleted = true }
            }
            return (operation, WriteRequest(call: .comment(.deletePermanently(id: id)), ambiguous: .permanentDeletion(id: id)))
        case let .reply(_, localID, reply):
            state.comments[site]?.modify(localID) { $0.mark = .sending }
            return (operation, WriteRequest(
                call: .reply(post: reply.post, parent: reply.parent, text: reply.text),
                ambiguous: .reply(post: reply.post, parent: reply.parent, text: reply.text,
                                  author: state.currentUsers[site]?.id, sentAt: reply.sentAt)))
        case let .edit(_, id, _, text, author):
            if isOutbox {
                state.comments[site]?.modify(id) { $0.mark = .updating }
            } else {
                state.comments[site]?.modify(id) {
                    $0.setContent(html: PlainTextHTML.html(fromPlainText: text), raw: text)
                    $0.mark = .updating
                }
                state.unsentEdit = nil
            }
            return (operation, WriteRequest(call: .content(id: id, text: text, author: author), ambiguous: .content(id: id, text: text)))
        }
    }

    /// A moderation's step on the undo stack: a single key's own step; a bulk run's steps
    /// share its undo batch (one `z` reverts the run); an undo, or a bulk run of undos, puts
    /// none (the step it reverts goes back on the stack if it fails).
    private static func pushUndoStep(_ step: UndoEntry, undoing: UndoEntry?, origin: WriteOrigin, in state: inout CommentsState) {
        guard undoing == nil else { return }
        switch origin {
        case .single:
            state.pushUndo(step)
        case .bulk:
            var step = step
            step.batch = state.bulk?.undoBatch
            state.pushUndo(step)
        case .undo, .outbox:
            break
        }
    }

    // MARK: Send

    /// The effect that sends write `operation`'s request, settles an ambiguous outcome with
    /// the site, and answers with ``CommentsAction/writeFinished(operation:result:)``.
    /// `checkFirst`: the site is asked first whether it happened already (a retry after an
    /// unknown outcome; an outbox entry, which may have gone before a crash).
    static func send(_ operation: Int, _ request: WriteRequest, client: WordPressClient, checkFirst: Bool = false) -> Effect<CommentsAction> {
        .run { send in
            let result = await WriteSettlement.send(request.ambiguous, client: client, checkFirst: checkFirst, siteCheck: request.check) {
                try await request.call.perform(client)
            }
            await send(.writeFinished(operation: operation, result: result))
        }
    }

    /// Writes as one `/batch/v1` request (status changes and deletions only); each ends as
    /// its own ``CommentsAction/writeFinished(operation:result:)``.
    static func sendBatch(_ writes: [(operation: Int, request: WriteRequest)], client: WordPressClient) -> Effect<CommentsAction> {
        let batched = writes.compactMap { write in
            write.request.batched.map { (operation: write.operation, write: $0) }
        }
        guard batched.count == writes.count else {
            return .merge(writes.map { send($0.operation, $0.request, client: client) })
        }
        return .run { send in
            let results = await WriteSettlement.sendBatch(batched.map(\.write), client: client)
            for (write, result) in zip(batched, results) {
                await send(.writeFinished(operation: write.operation, result: result))
            }
        }
    }

    // MARK: Finish

    /// The answer to write `operation`: applied to its comment, then handed to where the
    /// write came from; the counts and the addresses' histories follow. Nothing happens
    /// when the state no longer waits for it (a time travel to before it).
    func finish(_ operation: Int, result: Result<Comment, CommentsError>, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let write = state.requests.writes[operation] else { return .none }
        let addresses = write.commentID.flatMap { state.comments[write.site]?[$0]?.facts?.addresses } ?? []
        let recorded = journal.finished(write, result: result, queued: OutboxSendReducer.staysQueued(write, result: result, in: state),
                                        in: &state)
        let followUp: Effect<CommentsAction>
        switch write.origin {
        case .single, .undo:
            if case .failure(let error) = result, OutboxSendReducer.takes(write.change, failure: error, in: state) {
                followUp = outbox.queue(operation, error: error, in: &state)
            } else {
                WriteOutcome.apply(result, toWrite: operation, in: &state)
                followUp = .none
            }
        case .bulk(let run):
            followUp = bulk.finished(operation, run: run, result: result, in: &state)
        case .outbox(let entry):
            if case .success = result, let item = state.outbox.item(entry) {
                counting.outboxEntrySent(item, operation: operation, in: &state)
            }
            followUp = outbox.finished(operation, entry: entry, result: result, in: &state)
        }
        let succeeded = (try? result.get()) != nil
        if succeeded { facts.forgetHistories(of: addresses, site: write.site, in: &state) }
        // A change made on the site moved its counts too: they are asked again.
        var recount = Effect<CommentsAction>.none
        if case .failure(.changedOnSite) = result { recount = counting.refresh(site: write.site, in: &state) }
        return .merge(followUp, counting.writeFinished(write.change, operation: operation, succeeded: succeeded, in: &state), recorded, recount)
    }
}

/// Where a write came from: its finish switches on it (``WriteLifecycle/finish(_:result:in:)``).
enum WriteOrigin: Equatable, Sendable {
    /// A key on one comment: a moderation, a deletion, a reply, an edit.
    case single
    /// `z` reverting one step of the undo stack (the moderation's `undoing`).
    case undo
    /// One comment of bulk run `run` (``BulkRun/number``).
    case bulk(run: Int)
    /// Outbox entry `entry` (``OutboxItem/number``), sent when its site answered.
    case outbox(entry: Int)
}

/// A write in flight: what it changes, where it came from, and the change made on the site
/// that the user was asked about and said to write over, if any.
struct PendingWrite: Equatable, Sendable {
    let change: WriteChange
    let origin: WriteOrigin
    let overriding: WriteConflict?

    init(change: WriteChange, origin: WriteOrigin, overriding: WriteConflict? = nil) {
        self.change = change
        self.origin = origin
        self.overriding = overriding
    }

    var site: SiteID { change.site }
    var commentID: Int? { change.commentID }
}

/// What a write changes, with what is needed to send it and to confirm or roll it back.
enum WriteChange: Equatable, Sendable {
    /// `undoing`: the undo step this write reverts, put back on the stack if it fails.
    case moderation(site: SiteID, id: Int, from: CommentStatus, to: Moderation, undoing: UndoEntry?)
    case deletion(site: SiteID, id: Int)
    /// A reply shown under the local id `localID` until the site posts it.
    case reply(site: SiteID, localID: Int, ReplyContent)
    /// `author`: the author's fields a Quick Edit changes too (empty: the text alone).
    case edit(site: SiteID, id: Int, previous: CommentEntry, text: String, author: AuthorEdit)

    var site: SiteID {
        switch self {
        case .moderation(let site, _, _, _, _), .deletion(let site, _), .reply(let site, _, _), .edit(let site, _, _, _, _): site
        }
    }

    /// The comment changed (nil for a reply: it has no id on the site yet).
    var commentID: Int? {
        switch self {
        case .moderation(_, let id, _, _, _), .deletion(_, let id), .edit(_, let id, _, _, _): id
        case .reply: nil
        }
    }
}

/// What a reply says and where, and when it was first sent (a lost answer is looked for
/// from then on).
struct ReplyContent: Equatable, Sendable {
    let post: Int
    let parent: Int
    let text: String
    let sentAt: Date
}

/// What a write asks the site, and how to tell afterwards whether it happened.
struct WriteRequest: Sendable {
    /// The call.
    enum Call: Sendable {
        /// A status change or a deletion: a request of its own, or part of a `/batch/v1`.
        case comment(CommentWrite)
        case reply(post: Int, parent: Int, text: String)
        /// New text; with `author` not empty, the author's fields too (Quick Edit).
        case content(id: Int, text: String, author: AuthorEdit)

        func perform(_ client: WordPressClient) async throws -> Comment {
            switch self {
            case .comment(let write): try await client.perform(write)
            case .reply(let post, let parent, let text): try await client.reply(post: post, parent: parent, content: text)
            case .content(let id, let text, let author):
                author.isEmpty ? try await client.updateContent(id: id, content: text)
                    : try await client.updateComment(id: id, content: text, author: author)
            }
        }
    }

    let call: Call
    let ambiguous: AmbiguousWrite
    /// What is compared with the site before sending (nil: nothing, or compared already).
    var check: SiteCheck? = nil

    /// The request as a sub-request of a batch, when it can be one.
    var batched: WriteSettlement.BatchedWrite? {
        guard case .comment(let write) = call else { return nil }
        return WriteSettlement.BatchedWrite(request: write, ambiguous: ambiguous)
    }
}

/// Why no write may start on a comment (``WriteLifecycle/refusal(site:id:in:)``).
enum WriteRefusal: Equatable, Sendable {
    /// Not in the list (deleted, or never loaded).
    case noSuchComment
    /// A reply of ours the site has not posted yet.
    case notOnTheSiteYet
    /// A change to it waits in the outbox.
    case queued
    /// A change to it is in flight.
    case onItsWay

    /// The notice a single key's write says, `verb` naming the write ("Trash").
    func notice(verb: String) -> (kind: Notice.Kind, text: String) {
        switch self {
        case .noSuchComment: (.error, "\(verb) failed: no such comment.")
        case .notOnTheSiteYet: (.error, "\(verb) failed: that reply is not on the server yet.")
        case .queued: (.info, "That comment has a change waiting in the outbox until the site answers.")
        case .onItsWay: (.info, "Wait: a change to that comment is still on its way.")
        }
    }
}
