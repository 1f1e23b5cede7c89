import Testing
import Foundation
import Flux
import FluxTesting
@testable import CommentsKit
import MockREST

/// Issue 14's outbox: a write that certainly never reached its site is queued, not rolled
/// back, kept in the cache's outbox, and sent in order — the site asked first — when the
/// site answers again; refused entries roll back; entries survive a restart; an entry on
/// its way cannot be dropped or sent twice. The "site" is the mock, put offline and back
/// with its faults; the retry timer sleeps on a test clock.
@MainActor
@Suite struct OutboxTests {
    /// A comments cache in memory with an outbox, as the replica keeps one.
    actor OutboxCache: CommentsCache {
        struct Kept: Equatable {
            var write: OutboxWrite
            var site: SiteID
            var created: Date
            var sent = false
        }
        private(set) var entries: [Int64: Kept] = [:]
        private var lastRecord: Int64 = 0
        private(set) var sentMarks = 0
        private var waiters: [(condition: @Sendable ([Int64: Kept]) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

        private var stored: [SiteID: [Int: CommentsKit.Comment]] = [:]

        func comments(site: SiteID, limit: Int?) async throws -> [CommentsKit.Comment] {
            let all = (stored[site] ?? [:]).values.sorted { ($0.date, $0.id) > ($1.date, $1.id) }
            return limit.map { Array(all.prefix($0)) } ?? all
        }

        func posts(site: SiteID) async throws -> [WordPressPost] { [] }

        func write(_ write: CacheWrite) async -> String? {
            stored[write.site, default: [:]].apply(write)
            return nil
        }

        func enqueue(_ write: OutboxWrite, site: SiteID, created: Date) async throws -> Int64 {
            lastRecord += 1
            entries[lastRecord] = Kept(write: write, site: site, created: created)
            wake()
            return lastRecord
        }

        func outbox(site: SiteID) async throws -> [StoredOutboxEntry] {
            entries.filter { $0.value.site == site && !$0.value.sent }.sorted { $0.key < $1.key }
                .map { StoredOutboxEntry(record: $0.key, write: $0.value.write, created: $0.value.created) }
        }

        func markSent(outboxEntry record: Int64, site: SiteID) async throws -> Bool {
            guard entries[record]?.sent == false else { return false }
            sentMarks += 1
            entries[record] = nil
            wake()
            return true
        }

        func drop(outboxEntry record: Int64, site: SiteID) async throws -> Bool {
            guard entries[record]?.sent == false else { return false }
            entries[record] = nil
            wake()
            return true
        }

        /// Returns once `condition` holds for the kept entries.
        func until(_ condition: @escaping @Sendable ([Int64: Kept]) -> Bool) async {
            if condition(entries) { return }
            await withCheckedContinuation { waiters.append((condition, $0)) }
        }

        private func wake() {
            let ready = waiters.filter { $0.condition(entries) }
            waiters.removeAll { $0.condition(entries) }
            for waiter in ready { waiter.continuation.resume() }
        }
    }

    let server = MockServer(MockConfiguration(seed: 11, siteCount: 1, commentsPerSite: 30))
    let clock = FluxTesting.TestClock()
    let cache = OutboxCache()

    private var site: SiteID { server.sites[0].id }
    private var query: CommentsQuery { CommentsQuery(site: site) }

    /// A store over the mock and the cache, its copy read and its first page in (as at start).
    private func started(_ dispatcher: Dispatcher = Dispatcher()) async throws -> (CommentsStore, Dispatcher, Receipt) {
        let mockSite = try #require(server.sites.first)
        let client = try WordPressClient(restBase: mockSite.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
        // The mock dates what it is sent from its reference date: so does the store.
        let now = MockConfiguration().referenceDate
        let store = CommentsStore(sites: [SiteConnection(id: site, name: mockSite.name, client: client)], dispatcher: dispatcher,
                                  pageSize: 50, cache: cache, now: { now }, clock: clock)
        dispatcher.dispatch(CommentsAction.readCache(site: site))
        let receipt = store.query(query)
        // Loaded, or refused: a site that is down still starts.
        _ = try await store.state { ($0.fetch(query).phase == .loaded || $0.fetch(query).error != nil) && $0.cache.reading.isEmpty }
        return (store, dispatcher, receipt)
    }

    private func goOffline() {
        var faults = server.faults
        faults.offline = true
        server.faults = faults
    }

    private func goOnline() {
        var faults = server.faults
        faults.offline = false
        server.faults = faults
    }

    private func firstComment(_ store: CommentsStore, _ status: CommentStatus) throws -> CommentEntry {
        try #require(store.state.comments(of: site).allEntries.first { $0.status == status && !$0.isLocal })
    }

    /// Replies on the mock under `parent` with `text`.
    private func replies(to parent: Int, text: String) -> Int {
        (server.comments(site: site) ?? []).filter { $0.parent == parent && $0.content.contains(text) }.count
    }

    // MARK: Queueing

    @Test func onlyFailuresThatCertainlyNeverReachedTheSiteAreQueued() {
        #expect(OutboxSendReducer.queues(.transport(.connectionRefused)))
        #expect(OutboxSendReducer.queues(.transport(.hostNotFound)))
        #expect(OutboxSendReducer.queues(.transport(.offline)))
        #expect(!OutboxSendReducer.queues(.transport(.timeout)))
        #expect(!OutboxSendReducer.queues(.transport(.connectionLost)))
        #expect(!OutboxSendReducer.queues(.http(status: 500, code: nil, message: nil)))
    }

    @Test func aModerationThatCannotReachTheSiteIsQueuedNotRolledBack() async throws {
        let (store, dispatcher, receipt) = try await started()
        let held = try firstComment(store, .hold)
        goOffline()
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: held.id, to: .approve))
        let state = try await store.state { $0.outbox.items.first?.record != nil }
        #expect(state.comments(of: site)[held.id]?.status == .approved)
        #expect(state.comments(of: site)[held.id]?.mark == .queued)
        #expect(state.outbox.items.map(\.write) == [.moderation(id: held.id, from: .hold, to: .approve)])
        #expect(state.outbox.unreachable == [site])
        #expect(state.notice?.message.hasPrefix("Queued") == true)
        #expect(state.writesInFlight == 0)
        // A second change waits for the first: the user is told where it is.
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: held.id, to: .spam))
        #expect(store.state.outbox.count == 1)
        #expect(store.state.notice?.message.contains("waiting in the outbox") == true)
        let kept = await cache.entries.values.map(\.write)
        #expect(kept == [.moderation(id: held.id, from: .hold, to: .approve)])
        receipt.cancel()
    }

    @Test func withoutACachedCopyAnUnreachableWriteRollsBackAsBefore() async throws {
        let mockSite = try #require(server.sites.first)
        let client = try WordPressClient(restBase: mockSite.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
        let dispatcher = Dispatcher()
        let store = CommentsStore(sites: [SiteConnection(id: site, name: mockSite.name, client: client)], dispatcher: dispatcher, pageSize: 50)
        let receipt = store.query(query)
        _ = try await store.state { $0.fetch(query).phase == .loaded }
        let held = try firstComment(store, .hold)
        goOffline()
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: held.id, to: .approve))
        let state = try await store.state { $0.writesInFlight == 0 }
        #expect(state.comments(of: site)[held.id]?.status == .hold)
        #expect(state.outbox.items.isEmpty)
        receipt.cancel()
    }

    // MARK: Sending

    @Test func queuedWritesAreSentInOrderWhenTheSiteAnswersAgain() async throws {
        let (store, dispatcher, receipt) = try await started()
        let held = try firstComment(store, .hold)
        let approved = try firstComment(store, .approved)
        goOffline()
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: held.id, to: .approve))
        _ = try await store.state { $0.writesInFlight == 0 && $0.outbox.count == 1 }
        dispatcher.dispatch(CommentsAction.reply(site: site, post: approved.post, parent: approved.id, text: "Queued second"))
        _ = try await store.state { $0.writesInFlight == 0 && $0.outbox.count == 2 && $0.outbox.items.allSatisfy { $0.record != nil } }
        let updatesBefore = server.requestCount(.updateComment)
        goOnline()
        // Any answer of the site sends the outbox: here a reload.
        dispatcher.dispatch(CommentsAction.refresh(query))
        let state = try await store.state { $0.outbox.items.isEmpty && $0.writesInFlight == 0 }
        #expect(server.comment(site: site, id: held.id)?.status == .approved)
        #expect(server.requestCount(.updateComment) == updatesBefore + 1)
        #expect(replies(to: approved.id, text: "Queued second") == 1)
        #expect(state.comments(of: site)[held.id]?.mark == nil)
        #expect(state.comments(of: site).localEntries.isEmpty)
        #expect(state.outbox.unreachable.isEmpty)
        // The moderation went first: the reply's id is the newer.
        let log = server.requestLog.filter { $0.route == .updateComment || $0.route == .createComment }.map(\.route)
        #expect(log.suffix(2) == [.updateComment, .createComment])
        await cache.until { $0.isEmpty }
        #expect(await cache.sentMarks == 2)
        receipt.cancel()
    }

    @Test func theRetryTimerSendsOnTheStoresClockAndWaitsLongerEachTime() async throws {
        let (store, dispatcher, receipt) = try await started()
        let held = try firstComment(store, .hold)
        goOffline()
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: held.id, to: .spam))
        _ = try await store.state { $0.outbox.items.first?.record != nil }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(5))
        // Still offline: the try fails and the next waits 10 s.
        _ = try await store.state { $0.outbox.items.first?.lastProblem != nil && $0.outbox.items.first?.phase == .queued }
        await clock.sleepers(atLeast: 1)
        goOnline()
        clock.advance(by: .seconds(9))
        #expect(store.state.outbox.count == 1)
        clock.advance(by: .seconds(1))
        let state = try await store.state { $0.outbox.items.isEmpty && $0.writesInFlight == 0 }
        #expect(state.comments(of: site)[held.id]?.status == .spam)
        #expect(server.comment(site: site, id: held.id)?.status == .spam)
        receipt.cancel()
    }

    @Test func aTryThatCouldNotReachTheSiteSaysSoNotThatTheWriteMayHaveHappened() async throws {
        // Seen in tmux: a queued approve, the site still down, read in the outbox
        // "queued (last try: The site may or may not have done it: its answer was lost…)".
        let (store, dispatcher, receipt) = try await started()
        let held = try firstComment(store, .hold)
        goOffline()
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: held.id, to: .approve))
        _ = try await store.state { $0.outbox.items.first?.record != nil }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(5))
        let state = try await store.state { $0.outbox.items.first?.lastProblem != nil && $0.outbox.items.first?.phase == .queued }
        #expect(state.outbox.items.first?.lastProblem == "\(CommentsError.transport(.offline))")
        #expect(state.outbox.unreachable == [site])
        #expect(server.comment(site: site, id: held.id)?.status == .hold)
        receipt.cancel()
    }

    @Test func aQueuedModerationMovesTheCountsAsItsRowShowsUntilTheSiteCountsIt() async throws {
        // Seen in tmux: "3 pending" in the header while the approved comment waited, queued.
        let (store, dispatcher, receipt) = try await started()
        dispatcher.dispatch(CommentsAction.countStatuses(site: site))
        let before = try #require(try await store.state { $0.statusCounts(of: site) != nil && $0.counts[site]?.isAsking == false }.statusCounts(of: site))
        let held = try firstComment(store, .hold)
        goOffline()
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: held.id, to: .approve))
        let queued = try await store.state { $0.outbox.items.first?.record != nil && $0.writesInFlight == 0 }
        #expect(queued.statusCounts(of: site)?.hold == before.hold - 1)
        #expect(queued.statusCounts(of: site)?.approved == before.approved + 1)
        // Sent: every state from then on counts it once, with no moment back at the old count.
        let history = StateHistory(of: store)
        goOnline()
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        let settled = try await store.state { $0.outbox.items.isEmpty && $0.writesInFlight == 0 && $0.counts[site]?.isAsking == false }
        #expect(history.states.compactMap { $0.statusCounts(of: site)?.hold }.allSatisfy { $0 == before.hold - 1 })
        #expect(settled.statusCounts(of: site)?.hold == before.hold - 1)
        #expect(settled.counts[site]?.server?.hold == before.hold - 1)
        #expect(settled.counts[site]?.adjustments.isEmpty == true)
        receipt.cancel()
    }

    @Test func aQueuedDeletionLeavesTheCountsAndADroppedEntryPutsItBack() async throws {
        let (store, dispatcher, receipt) = try await started()
        dispatcher.dispatch(CommentsAction.countStatuses(site: site))
        let before = try #require(try await store.state { $0.statusCounts(of: site) != nil && $0.counts[site]?.isAsking == false }.statusCounts(of: site))
        let spam = try firstComment(store, .spam)
        goOffline()
        dispatcher.dispatch(CommentsAction.deletePermanently(site: site, id: spam.id))
        let queued = try await store.state { $0.outbox.items.first?.record != nil && $0.writesInFlight == 0 }
        #expect(queued.statusCounts(of: site)?.spam == before.spam - 1)
        let number = try #require(queued.outbox.items.first?.number)
        dispatcher.dispatch(CommentsAction.dropOutboxEntry(number: number))
        let dropped = try await store.state { $0.outbox.items.isEmpty }
        #expect(dropped.statusCounts(of: site) == before)
        receipt.cancel()
    }

    @Test func aRefusedEntryRollsBackWithTheSitesReason() async throws {
        let (store, dispatcher, receipt) = try await started()
        let held = try firstComment(store, .hold)
        goOffline()
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: held.id, to: .approve))
        _ = try await store.state { $0.outbox.items.first?.record != nil }
        var faults = server.faults
        faults.offline = false
        faults.failingRoutes = [.updateComment]
        faults.failureRate = 1
        server.faults = faults
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        let state = try await store.state { $0.outbox.items.isEmpty && $0.writesInFlight == 0 }
        #expect(state.comments(of: site)[held.id]?.status == .hold)
        #expect(state.comments(of: site)[held.id]?.mark == nil)
        #expect(state.notice?.message.hasPrefix("Approve failed") == true)
        #expect(state.notice?.kind == .error)
        await cache.until { $0.isEmpty }
        receipt.cancel()
    }

    @Test func aQueuedWriteOverAnOutsideChangeIsNotSentButAsked() async throws {
        let (store, dispatcher, receipt) = try await started()
        let held = try firstComment(store, .hold)
        goOffline()
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: held.id, to: .approve))
        _ = try await store.state { $0.outbox.items.first?.record != nil }
        // While parley could not reach the site, another moderator marked it spam there.
        server.changeOutside(site: site, id: held.id, .status(.spam))
        let updates = server.requestCount(.updateComment)
        goOnline()
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        let state = try await store.state { $0.outbox.items.isEmpty && $0.writesInFlight == 0 }
        #expect(server.requestCount(.updateComment) == updates, "an old entry does not override a newer decision")
        #expect(server.comment(site: site, id: held.id)?.status == .spam)
        #expect(state.comments(of: site)[held.id]?.status == .spam)
        #expect(state.conflicts.first?.conflict.change == .status(was: .hold, now: .spam))
        #expect(state.outbox.refused.first?.lastProblem == "Marked as spam on the site since you loaded it (parley did not do it).")
        await cache.until { $0.isEmpty }
        receipt.cancel()
    }

    @Test func aReplyFoundOnTheSiteIsNotPostedAgain() async throws {
        let (store, dispatcher, receipt) = try await started()
        let approved = try firstComment(store, .approved)
        goOffline()
        dispatcher.dispatch(CommentsAction.reply(site: site, post: approved.post, parent: approved.id, text: "Already there"))
        _ = try await store.state { $0.outbox.items.first?.record != nil }
        goOnline()
        // It got there after all (a run that crashed after posting it, say).
        let mockSite = try #require(server.sites.first)
        let other = try WordPressClient(restBase: mockSite.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
        _ = try await other.reply(post: approved.post, parent: approved.id, content: "Already there")
        let creates = server.requestCount(.createComment)
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        let state = try await store.state { $0.outbox.items.isEmpty && $0.writesInFlight == 0 }
        #expect(server.requestCount(.createComment) == creates)
        #expect(replies(to: approved.id, text: "Already there") == 1)
        #expect(state.comments(of: site).localEntries.isEmpty)
        #expect(state.notice?.message.hasPrefix("Reply posted") == true)
        receipt.cancel()
    }

    @Test func anAmbiguousSendIsSettledWithoutPostingTwice() async throws {
        let (store, dispatcher, receipt) = try await started()
        let approved = try firstComment(store, .approved)
        goOffline()
        dispatcher.dispatch(CommentsAction.reply(site: site, post: approved.post, parent: approved.id, text: "Dropped after applying"))
        _ = try await store.state { $0.outbox.items.first?.record != nil }
        var faults = server.faults
        faults.offline = false
        faults.failingRoutes = [.createComment]
        faults.failureKind = .droppedAfterApplying
        faults.failureRate = 1
        server.faults = faults
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        let state = try await store.state { $0.outbox.items.isEmpty && $0.writesInFlight == 0 }
        #expect(replies(to: approved.id, text: "Dropped after applying") == 1)
        #expect(state.comments(of: site).localEntries.isEmpty)
        receipt.cancel()
    }

    @Test func aQueuedQuickEditSendsTheAuthorsFieldsToo() async throws {
        let (store, dispatcher, receipt) = try await started()
        dispatcher.dispatch(CommentsAction.verifyCredentials(site: site))
        let me = try await store.state { $0.currentUsers[site] != nil }.currentUsers[site]
        try #require(me?.canEditOthersComments == true)
        let approved = try firstComment(store, .approved)
        goOffline()
        dispatcher.dispatch(CommentsAction.quickEdit(site: site, id: approved.id, text: "Edited offline", author: AuthorEdit(name: "Renamed")))
        let queued = try await store.state { $0.outbox.items.first?.record != nil }
        #expect(queued.comments(of: site)[approved.id]?.mark == .queued)
        #expect(queued.comments(of: site)[approved.id]?.text == "Edited offline")
        goOnline()
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        _ = try await store.state { $0.outbox.items.isEmpty && $0.writesInFlight == 0 }
        #expect(server.comment(site: site, id: approved.id)?.authorName == "Renamed")
        #expect(server.comment(site: site, id: approved.id)?.content.contains("Edited offline") == true)
        receipt.cancel()
    }

    // MARK: Dropping, deleting for good

    @Test func aQueuedEntryDroppedBeforeItIsSentPutsTheCommentBack() async throws {
        let (store, dispatcher, receipt) = try await started()
        let held = try firstComment(store, .hold)
        let approved = try firstComment(store, .approved)
        goOffline()
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: held.id, to: .trash))
        _ = try await store.state { $0.writesInFlight == 0 && $0.outbox.items.first?.record != nil }
        dispatcher.dispatch(CommentsAction.reply(site: site, post: approved.post, parent: approved.id, text: "Never mind"))
        _ = try await store.state { $0.writesInFlight == 0 && $0.outbox.count == 2 && $0.outbox.items.allSatisfy { $0.record != nil } }
        for item in store.state.outbox.items { dispatcher.dispatch(CommentsAction.dropOutboxEntry(number: item.number)) }
        let state = store.state
        #expect(state.outbox.items.isEmpty)
        #expect(state.comments(of: site)[held.id]?.status == .hold)
        #expect(state.comments(of: site)[held.id]?.mark == nil)
        #expect(state.comments(of: site).localEntries.isEmpty)
        await cache.until { $0.isEmpty }
        goOnline()
        let updates = server.requestCount(.updateComment) + server.requestCount(.deleteComment)
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        #expect(store.state.writesInFlight == 0)
        #expect(server.requestCount(.updateComment) + server.requestCount(.deleteComment) == updates)
        #expect(replies(to: approved.id, text: "Never mind") == 0)
        receipt.cancel()
    }

    @Test func aDeletionForGoodIsSentOnceAndCannotBeDroppedOnItsWay() async throws {
        let (store, dispatcher, receipt) = try await started()
        let spam = try firstComment(store, .spam)
        goOffline()
        dispatcher.dispatch(CommentsAction.deletePermanently(site: site, id: spam.id))
        _ = try await store.state { $0.writesInFlight == 0 && $0.outbox.items.first?.record != nil }
        #expect(store.state.comments(of: site)[spam.id]?.isBeingDeleted == true)
        goOnline()
        let deletes = server.requestCount(.deleteComment)
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        // On its way: a second send and a drop change nothing.
        let number = try #require(store.state.outbox.items.first?.number)
        #expect(store.state.outbox.items.first?.phase == .sending)
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        dispatcher.dispatch(CommentsAction.dropOutboxEntry(number: number))
        #expect(store.state.writesInFlight == 1)
        #expect(store.state.outbox.count == 1)
        let state = try await store.state { $0.outbox.items.isEmpty && $0.writesInFlight == 0 }
        #expect(server.requestCount(.deleteComment) == deletes + 1)
        #expect(server.comment(site: site, id: spam.id) == nil)
        #expect(state.comments(of: site)[spam.id] == nil)
        await cache.until { $0.isEmpty }
        receipt.cancel()
    }

    // MARK: Across a restart

    @Test func entriesKeptByOneRunAreReadBackAndSentByTheNext() async throws {
        let approved: CommentEntry
        let held: CommentEntry
        do {
            let (store, dispatcher, receipt) = try await started()
            approved = try firstComment(store, .approved)
            held = try firstComment(store, .hold)
            goOffline()
            dispatcher.dispatch(CommentsAction.moderate(site: site, id: held.id, to: .approve))
            _ = try await store.state { $0.writesInFlight == 0 && $0.outbox.count == 1 }
            dispatcher.dispatch(CommentsAction.reply(site: site, post: approved.post, parent: approved.id, text: "After a restart"))
            _ = try await store.state { $0.writesInFlight == 0 && $0.outbox.count == 2 && $0.outbox.items.allSatisfy { $0.record != nil } }
            receipt.cancel()
        }
        // Next start, the site still down: the entries are back, their changes shown.
        let (store, dispatcher, receipt) = try await started()
        let back = try await store.state { $0.outbox.count == 2 && $0.writesInFlight == 0 }
        #expect(back.comments(of: site)[held.id]?.status == .approved)
        #expect(back.comments(of: site)[held.id]?.mark == .queued)
        let local = try #require(back.comments(of: site).localEntries.first)
        #expect(local.mark == .queued)
        #expect(local.contentRaw == "After a restart")
        #expect(local.parent == approved.id)
        // The site is back.
        goOnline()
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        let sent = try await store.state { $0.outbox.items.isEmpty && $0.writesInFlight == 0 }
        #expect(sent.comments(of: site).localEntries.isEmpty)
        #expect(replies(to: approved.id, text: "After a restart") == 1)
        #expect(server.comment(site: site, id: held.id)?.status == .approved)
        await cache.until { $0.isEmpty }
        receipt.cancel()
        // And the start after sends nothing.
        let creates = server.requestCount(.createComment)
        let (third, _, thirdReceipt) = try await started()
        #expect(third.state.outbox.items.isEmpty)
        #expect(server.requestCount(.createComment) == creates)
        thirdReceipt.cancel()
    }

    @Test func offlineSitesQueueWritesAndSendNothing() async throws {
        let (store, dispatcher, receipt) = try await started()
        dispatcher.dispatch(CommentsAction.workOffline(sites: [site]))
        let held = try firstComment(store, .hold)
        goOffline()
        dispatcher.dispatch(CommentsAction.moderate(site: site, id: held.id, to: .approve))
        _ = try await store.state { $0.outbox.items.first?.record != nil }
        #expect(store.state.notice?.message.contains("without --offline") == true)
        goOnline()
        dispatcher.dispatch(CommentsAction.sendOutbox(site: site))
        #expect(store.state.writesInFlight == 0)
        #expect(store.state.outbox.items.first?.phase == .queued)
        #expect(clock.sleeperCount == 0)
        receipt.cancel()
    }

    // MARK: Recorded for replay

    @Test(arguments: [
        CommentsAction.workOffline(sites: ["s"]),
        .outboxStored(site: "s", number: 2, record: 7, problem: nil),
        .outboxStored(site: "s", number: 3, record: nil, problem: "disk full"),
        .outboxRead(site: "s", entries: [
            StoredOutboxEntry(record: 1, write: .reply(localID: -1, post: 2, parent: 3, text: "a\nb", sentAt: Date(timeIntervalSince1970: 1_800_000_000)),
                              created: Date(timeIntervalSince1970: 1_800_000_000)),
            StoredOutboxEntry(record: 2, write: .moderation(id: 4, from: .hold, to: .trash), created: Date(timeIntervalSince1970: 0)),
        ], problem: nil),
        .sendOutbox(site: "s"),
        .dropOutboxEntry(number: 4),
    ])
    func theOutboxActionsReadBackAsWritten(_ action: CommentsAction) throws {
        let data = try JSONEncoder().encode(action)
        #expect(try JSONDecoder().decode(CommentsAction.self, from: data) == action)
    }
}
