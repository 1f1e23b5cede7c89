import Foundation
import Flux

/// The outbox, for ``CommentsReducer`` (issue 14): writes made while their site could not
/// be reached, kept and sent when it answers again.
///
/// A write whose request certainly never reached the site (no network, host not found,
/// connection refused: ``queues(_:)``) on a site with a cached copy is not rolled back: it
/// becomes an ``OutboxItem``, kept in the cache's outbox too (``CommentsCache``), and its
/// row keeps the change, marked ``LocalMark/queued``. Ambiguous failures (a timeout, a
/// connection lost) are settled as any write's are.
///
/// Sending: when the site answers again (a page, a poll, its counts, the login check) or
/// the retry timer fires (5 s, doubling up to 60 s, on the store's clock), the site's
/// oldest entry is sent, one at a time per site, as a write like any other
/// (``WriteLifecycle``, origin ``WriteOrigin/outbox(entry:)``), the site asked first whether
/// it happened already (so a reply is never posted twice, and a deletion that went through
/// before a crash is not sent again). Its answer is applied by ``WriteOutcome``; the entry
/// then leaves the outbox (marked sent in the cache, or dropped when refused), and the next
/// one goes. An entry being sent cannot be dropped.
struct OutboxSendReducer: Sendable {
    let connections: [SiteID: SiteConnection]
    let cache: (any CommentsCache)?
    let clock: any Clock<Duration>
    let now: @Sendable () -> Date

    /// Whether a write that failed with `error` is queued rather than rolled back: its
    /// request certainly never reached the site.
    static func queues(_ error: CommentsError) -> Bool {
        switch error {
        case .transport(.offline), .transport(.hostNotFound), .transport(.connectionRefused): true
        default: false
        }
    }

    /// Whether an outbox send that failed with `error` stays queued for a later try: the
    /// site was still unreachable, or nobody knows whether it got there (the next try
    /// asks first).
    private static func retries(_ error: CommentsError) -> Bool {
        if queues(error) { return true }
        if case .outcomeUnknown = error { return true }
        return false
    }

    /// Why a send got nowhere near the site, when that is what `error` says. A send asks the
    /// site first whether its write happened already; when even that question could not
    /// connect, the write was not sent in this try, and its failure (an unknown outcome whose
    /// check failed) is said as what it is: the site could not be reached — not "the site may
    /// or may not have done it", which only a write that was sent can say. Should an earlier
    /// try of the entry have been sent and its answer lost, the next try still asks first.
    static func unreachableCause(_ error: CommentsError) -> CommentsError? {
        if queues(error) { return error }
        if case .outcomeUnknown(let check) = error, queues(check) { return check }
        return nil
    }

    // MARK: Queueing

    /// Whether the failed write `write` goes to the outbox: a certain failure to reach a
    /// site whose copy is kept (the embedded mock's is not: there it rolls back as before).
    static func takes(_ write: WriteChange, failure error: CommentsError, in state: CommentsState) -> Bool {
        queues(error) && state.cache.kept.contains(write.site) && !state.cache.failed.contains(write.site)
    }

    /// Whether write `write`, answered with `result`, is not over yet: a failure that puts
    /// it in the outbox, or keeps its outbox entry for a later try (the write log records it
    /// when it ends).
    static func staysQueued(_ write: PendingWrite, result: Result<Comment, CommentsError>, in state: CommentsState) -> Bool {
        guard case .failure(let error) = result else { return false }
        switch write.origin {
        case .single, .undo: return takes(write.change, failure: error, in: state)
        case .outbox(let entry): return state.outbox.item(entry) != nil && retries(error)
        case .bulk: return false
        }
    }

    /// Puts the failed write `operation` in the outbox: the comment keeps its change, marked
    /// queued, and the cache is asked to keep it.
    func queue(_ operation: Int, error: CommentsError, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let write = state.requests.finish(operation, postedID: nil), let outboxWrite = Self.outboxWrite(write.change) else {
            return .none
        }
        let site = write.site
        let number = add(outboxWrite, site: site, created: now(), record: nil, in: &state)
        state.outbox.unreachable.insert(site)
        state.publish(site: site, topic: .comment(outboxWrite.commentID), .info, state.outbox.offline.contains(site)
                      ? "Queued: parley is offline; sent at the next start without --offline."
                      : "Queued: \(error) Sent when the site answers again.")
        var effects = [timer(site: site, in: &state)]
        if let cache {
            state.outbox.update(number) { $0.isStoring = true }
            let created = state.outbox.item(number)?.created ?? now()
            effects.append(.run { send in
                do {
                    let record = try await cache.enqueue(outboxWrite, site: site, created: created)
                    await send(.outboxStored(site: site, number: number, record: record, problem: nil))
                } catch {
                    await send(.outboxStored(site: site, number: number, record: nil, problem: "\(error)"))
                }
            })
        }
        return .merge(effects)
    }

    /// The cache kept entry `number` (as `record`), or could not (`problem`).
    func stored(site: SiteID, number: Int, record: Int64?, problem: String?, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let item = state.outbox.item(number) else {
            // Dropped while the cache was keeping it: the cache forgets it too.
            guard let record, let cache else { return .none }
            return .run { _ in _ = try? await cache.drop(outboxEntry: record, site: site) }
        }
        state.outbox.update(number) {
            $0.isStoring = false
            $0.record = record
        }
        if let problem {
            state.publish(site: item.site, .error,
                          "The queued \(item.write.verb) could not be kept for the next start (\(problem)): it waits only while parley runs.")
        }
        return state.outbox.unreachable.contains(item.site) ? .none : send(site: item.site, in: &state)
    }

    /// Adds an entry and shows its change on its comment; returns its number.
    private func add(_ write: OutboxWrite, site: SiteID, created: Date, record: Int64?, in state: inout CommentsState) -> Int {
        state.outbox.lastNumber += 1
        let number = state.outbox.lastNumber
        state.outbox.items.append(OutboxItem(number: number, site: site, write: write, created: created, record: record))
        state.requests.queued[site, default: []].insert(write.commentID)
        state.comments[site]?.modify(write.commentID) { $0.mark = .queued }
        return number
    }

    /// The outbox form of a write that was in flight.
    private static func outboxWrite(_ write: WriteChange) -> OutboxWrite? {
        switch write {
        case let .moderation(_, id, from, to, _): .moderation(id: id, from: from, to: to)
        case let .deletion(_, id): .deletion(id: id)
        case let .reply(_, localID, reply):
            .reply(localID: localID, post: reply.post, parent: reply.parent, text: reply.text, sentAt: reply.sentAt)
        case let .edit(_, id, previous, text, author):
            .edit(id: id, previous: previous.contentRaw ?? previous.text, text: text, author: author)
        }
    }

    // MARK: Reading back at start

    /// Reads the entries the cache kept for `site` (after its copy, whose comments they change).
    func read(site: SiteID) -> Effect<CommentsAction> {
        guard let cache else { return .none }
        return .run { send in
            do {
                await send(.outboxRead(site: site, entries: try await cache.outbox(site: site), problem: nil))
            } catch {
                await send(.outboxRead(site: site, entries: [], problem: "\(error)"))
            }
        }
    }

    /// The entries kept from an earlier run: back in the outbox, their changes on their
    /// comments, and sent when the site answers.
    func outboxRead(site: SiteID, entries: [StoredOutboxEntry], problem: String?, in state: inout CommentsState) -> Effect<CommentsAction> {
        if let problem {
            state.publish(site: site, .error, "The writes queued for this site could not be read (\(problem)).")
        }
        let known = Set(state.outbox.items.compactMap(\.record))
        let fresh = entries.filter { !known.contains($0.record) }
        guard !fresh.isEmpty else { return .none }
        for entry in fresh {
            let write = reapply(entry.write, site: site, in: &state)
            _ = add(write, site: site, created: entry.created, record: entry.record, in: &state)
        }
        let count = fresh.count
        state.publish(site: site, .info, "\(count: count) write\(count == 1 ? "" : "s") queued in an earlier run \(count == 1 ? "waits" : "wait") to be sent.")
        return state.outbox.offline.contains(site) ? .none : send(site: site, in: &state)
    }

    /// Shows a kept write's change on its comment again; a reply gets a new local id.
    private func reapply(_ write: OutboxWrite, site: SiteID, in state: inout CommentsState) -> OutboxWrite {
        switch write {
        case let .moderation(id, _, to):
            let target = to.resultingStatus(previous: state.requests.statusBeforeTrash[site]?[id])
            state.comments[site]?.modify(id) { $0.setStatus(target) }
            return write
        case let .deletion(id):
            state.comments[site]?.modify(id) { $0.isBeingDeleted = true }
            return write
        case let .edit(id, _, text, _):
            state.comments[site]?.modify(id) { $0.setContent(html: PlainTextHTML.html(fromPlainText: text), raw: text) }
            return write
        case let .reply(_, post, parent, text, sentAt):
            let localID = state.requests.nextLocalID
            state.requests.nextLocalID -= 1
            let me = state.currentUsers[site]
            let draft = Comment(
                id: localID, post: post, parent: parent, author: me?.id ?? 0, authorName: me?.name ?? "you", authorURL: "",
                date: sentAt, contentHTML: PlainTextHTML.html(fromPlainText: text), contentRaw: text, link: "",
                status: .approved, type: "comment"
            )
            var comments = state.comments(of: site)
            comments.insert(CommentEntry(draft, mark: .queued))
            state.comments[site] = comments
            return .reply(localID: localID, post: post, parent: parent, text: text, sentAt: sentAt)
        }
    }

    // MARK: Sending

    /// Sends the oldest entry of `site`, unless one is on its way, the site is offline, or
    /// the cache is still keeping it.
    func send(site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard !state.outbox.offline.contains(site), let client = connections[site]?.client,
              !state.outbox.items.contains(where: { $0.site == site && $0.phase == .sending }),
              let item = state.outbox.items.first(where: { $0.site == site }), !item.isStoring else { return .none }
        let (operation, request) = WriteLifecycle.begin(Self.change(for: item.write, site: site, in: state),
                                                        from: .outbox(entry: item.number), in: &state)
        state.outbox.update(item.number) { $0.phase = .sending }
        return WriteLifecycle.send(operation, request, client: client, checkFirst: true)
    }

    /// The write in flight an entry becomes.
    private static func change(for write: OutboxWrite, site: SiteID, in state: CommentsState) -> WriteChange {
        switch write {
        case let .moderation(id, from, to):
            return .moderation(site: site, id: id, from: from, to: to, undoing: nil)
        case let .deletion(id):
            return .deletion(site: site, id: id)
        case let .reply(localID, post, parent, text, sentAt):
            return .reply(site: site, localID: localID, ReplyContent(post: post, parent: parent, text: text, sentAt: sentAt))
        case let .edit(id, previous, text, author):
            var before = state.comments[site]?[id] ?? CommentEntry(Comment(
                id: id, post: 0, parent: 0, author: 0, authorName: "", authorURL: "", date: Date(timeIntervalSince1970: 0),
                contentHTML: "", contentRaw: nil, link: "", status: .approved, type: "comment"))
            before.setContent(html: PlainTextHTML.html(fromPlainText: previous), raw: previous)
            return .edit(site: site, id: id, previous: before, text: text, author: author)
        }
    }

    /// The send of entry `number` (write `operation`) ended. Still unreachable (or unknown):
    /// the entry waits for the next try. Otherwise its answer is applied as any write's, and
    /// the entry leaves the outbox.
    func finished(_ operation: Int, entry number: Int, result: Result<Comment, CommentsError>, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard let item = state.outbox.item(number) else {
            WriteOutcome.apply(result, toWrite: operation, in: &state)
            return .none
        }
        let site = item.site
        if case .failure(let error) = result, Self.retries(error) {
            _ = state.requests.finish(operation, postedID: nil)
            let unreachable = Self.unreachableCause(error)
            state.outbox.update(number) {
                $0.phase = .queued
                $0.lastProblem = "\(unreachable ?? error)"
            }
            state.comments[site]?.modify(item.write.commentID) { $0.mark = .queued }
            if unreachable != nil { state.outbox.unreachable.insert(site) }
            return timer(site: site, in: &state)
        }
        // Named before the answer is applied: a refusal may take the comment away.
        let described = state.outboxDescription(item)
        WriteOutcome.apply(result, toWrite: operation, in: &state)
        remove(number, in: &state)
        state.outbox.retryDelay[site] = nil
        let sent = (try? result.get()) != nil
        if sent { state.outbox.unreachable.remove(site) }
        tally(item, described: described, refusal: result.failure, in: &state)
        var effects: [Effect<CommentsAction>] = []
        if let record = item.record, let cache {
            effects.append(.run { _ in
                // Sent, or refused: either way it is settled and must never be sent again.
                _ = try? await cache.markSent(outboxEntry: record, site: site)
            })
        }
        if state.outbox.items.contains(where: { $0.site == site }) {
            effects.append(.send(.sendOutbox(site: site)))
        }
        return .merge(effects)
    }

    /// Counts an entry's answer toward its site's tally; a refused entry stays listed,
    /// marked refused with the site's reason. Once the site's outbox is empty, several
    /// answers are said in one notice (one answer's own notice, from ``WriteOutcome``,
    /// already said it).
    private func tally(_ item: OutboxItem, described: String, refusal: CommentsError?, in state: inout CommentsState) {
        let site = item.site
        var tally = state.outbox.tallies[site] ?? OutboxTally()
        if let refusal {
            var refused = item
            refused.phase = .refused
            refused.lastProblem = "\(refusal)"
            state.outbox.refused.append(refused)
            tally.refusals.append("\(described): \(refusal)")
        } else {
            tally.sent += 1
        }
        guard !state.outbox.items.contains(where: { $0.site == site }) else {
            state.outbox.tallies[site] = tally
            return
        }
        state.outbox.tallies[site] = nil
        if tally.total > 1 { state.publish(site: site, tally.refusals.isEmpty ? .info : .error, tally.sentence) }
    }

    private func remove(_ number: Int, in state: inout CommentsState) {
        guard let index = state.outbox.items.firstIndex(where: { $0.number == number }) else { return }
        let item = state.outbox.items.remove(at: index)
        if !state.outbox.items.contains(where: { $0.site == item.site && $0.write.commentID == item.write.commentID }) {
            state.requests.queued[item.site]?.remove(item.write.commentID)
        }
    }

    /// The site answered (`reached`) or certainly could not be reached: its outbox is sent,
    /// or it is marked unreachable.
    func siteAnswered(_ site: SiteID, reached: Bool, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard reached else {
            state.outbox.unreachable.insert(site)
            return .none
        }
        state.outbox.unreachable.remove(site)
        return send(site: site, in: &state)
    }

    /// Arms the retry timer of `site`, which waits longer each time (up to a minute).
    private func timer(site: SiteID, in state: inout CommentsState) -> Effect<CommentsAction> {
        guard !state.outbox.offline.contains(site), connections[site] != nil else { return .none }
        let delay = state.outbox.retryDelay[site] ?? OutboxState.firstRetry
        state.outbox.retryDelay[site] = min(delay * 2, OutboxState.maximumRetry)
        let clock = self.clock
        return Effect.run { send in
            guard (try? await clock.sleep(for: .seconds(delay))) != nil else { return }
            await send(.sendOutbox(site: site))
        }
        .cancellable(id: OutboxTimer(site: site), cancelInFlight: true)
    }

    /// Cancels every retry timer (quitting).
    func stopTimers() -> Effect<CommentsAction> {
        let timers: [Effect<CommentsAction>] = connections.keys.sorted().map { .cancel(id: OutboxTimer(site: $0)) }
        return .merge(timers)
    }

    // MARK: Dropping, working offline

    /// Drops entry `number` before it is sent, putting its comment back as it was. An
    /// entry on its way cannot be dropped (its answer settles it).
    func drop(_ number: Int, in state: inout CommentsState) -> Effect<CommentsAction> {
        if let index = state.outbox.refused.firstIndex(where: { $0.number == number }) {
            // Settled already (its comment was put back when the site refused it): only
            // the reminder goes.
            state.outbox.refused.remove(at: index)
            return .none
        }
        guard let item = state.outbox.item(number) else { return .none }
        guard item.phase == .queued else {
            state.publish(site: item.site, .info, "That \(item.write.verb) is on its way: it can no longer be dropped.")
            return .none
        }
        remove(number, in: &state)
        let site = item.site
        switch item.write {
        case let .moderation(id, from, _):
            state.comments[site]?.modify(id) { $0.setStatus(from); $0.mark = nil }
            state.dropUndoStep(site: site, id: id)
        case let .deletion(id):
            state.comments[site]?.modify(id) { $0.isBeingDeleted = false; $0.mark = nil }
        case let .reply(localID, _, _, _, _):
            state.comments[site]?.remove(localID)
        case let .edit(id, previous, text, author):
            state.comments[site]?.modify(id) {
                $0.setContent(html: PlainTextHTML.html(fromPlainText: previous), raw: previous)
                $0.mark = nil
            }
            // The text written is not lost: the editor offers it again.
            state.unsentEdit = UnsentEdit(site: site, id: id, text: text, author: author)
        }
        let kept = if case .reply = item.write { " Its text stays a draft of a reply to that comment." } else { "" }
        state.publish(site: site, topic: .comment(item.write.commentID), .info, "Dropped the queued \(item.write.verb).\(kept)")
        guard let record = item.record, let cache else { return .none }
        return .run { _ in _ = try? await cache.drop(outboxEntry: record, site: site) }
    }

    /// `sites` are not to be reached at all this run (`--offline`).
    func workOffline(_ sites: [SiteID], in state: inout CommentsState) {
        state.outbox.offline.formUnion(sites)
    }
}

/// The id the retry timer of a site's outbox runs under.
private struct OutboxTimer: Hashable, Sendable {
    let site: SiteID
}

extension Result {
    /// The error, when it failed.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
