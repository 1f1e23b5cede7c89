import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// Fresh without `R` (issue 27): another moderator changes comments on the site
/// (`MockServer.changeOutside`), and the store finds out by itself — pending, spam and
/// trash within one poll, approved comments within the rolling re-reads — without a
/// reload. The ticks of the refresh's budget are sent by hand (no ticker without a poll
/// interval), so each step is one action and its requests.
@MainActor
@Suite struct FreshnessTests {
    let server = MockServer(MockConfiguration(seed: 7, siteCount: 1, commentsPerSite: 60))
    let dispatcher = Dispatcher()
    let clock = FluxTesting.TestClock()
    let reference = MockConfiguration().referenceDate

    private var site: SiteID { server.sites[0].id }

    private func client() throws -> WordPressClient {
        try WordPressClient(restBase: server.sites[0].restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
    }

    private func store(every interval: Duration = .zero, budget: Int = 30) throws -> CommentsStore {
        let now = reference
        let connection = SiteConnection(id: site, name: server.sites[0].name, client: try client())
        return CommentsStore(sites: [connection], dispatcher: dispatcher, pageSize: 100, now: { now },
                             pollInterval: interval, clock: clock, sweepBudget: budget)
    }

    /// Loads the whole site (one page of 100), who we are and its counts.
    private func loaded(_ store: CommentsStore) async throws -> Receipt {
        let query = CommentsQuery(site: site)
        let receipt = store.query(query)
        dispatcher.dispatch(CommentsAction.verifyCredentials(site: site))
        dispatcher.dispatch(CommentsAction.countStatuses(site: site))
        _ = try await store.state { $0.fetch(query).phase == .loaded && $0.currentUsers[self.site] != nil }
        _ = try await store.state { $0.counts[self.site].map { !$0.isAsking } ?? false }
        _ = try await store.state { !$0.isReadingFacts }
        return receipt
    }

    /// One tick of the budget, and its request's answer (a page of the status check, or a
    /// re-read).
    private func tick(_ store: CommentsStore) async throws {
        dispatcher.dispatch(CommentsAction.sweepTick(site: site))
        _ = try await store.state { $0.sweeps[self.site]?.progress.asking == nil && $0.sweeps[self.site]?.recheck == nil }
    }

    /// A poll, then ticks until the refresh has nothing left to do (at most `limit`).
    private func pollAndSweep(_ store: CommentsStore, limit: Int = 30) async throws -> Int {
        dispatcher.dispatch(CommentsAction.poll(site: site))
        _ = try await store.state { $0.polls.isEmpty }
        var ticks = 0
        while store.state.sweeps[site]?.hasWork == true, ticks < limit {
            try await tick(store)
            ticks += 1
        }
        return ticks
    }

    private func loadedEntry(_ store: CommentsStore, _ status: CommentStatus, skipping: Set<Int> = []) throws -> CommentEntry {
        try #require(store.state.comments(of: site).allEntries.first { $0.status == status && $0.type == "comment" && !skipping.contains($0.id) })
    }

    @Test func aPollThatBringsBackALoadedCommentChangedOutsideMarksIt() async throws {
        // No refresh (budget 0): the poll alone. It asks for what came after the newest
        // comment loaded, a second early, so the newest comes back with every poll; changed
        // by someone else, it was taken without a word (seen against WordPress 7.1).
        let store = try store(budget: 0)
        let receipt = try await loaded(store)
        let newest = try #require(store.state.comments(of: site).allEntries.filter { !$0.isLocal }.max { $0.date < $1.date })
        let spam: CommentStatus = newest.status == .spam ? .approved : .spam
        server.changeOutside(site: site, id: newest.id, .status(spam == .spam ? .spam : .approved))
        dispatcher.dispatch(CommentsAction.poll(site: site))
        _ = try await store.state { $0.siteChanges[self.site]?[newest.id] != nil }
        #expect(store.state.comments(of: site)[newest.id]?.status == spam)
        #expect(store.state.siteChanges[site]?[newest.id] == SiteChange(id: newest.id, before: newest.status, after: spam, noticed: reference))
        #expect(store.state.notice?.message == "Changed on the site: 1 now \(spam.displayName).")
        _ = receipt
    }

    @Test func pendingSpamAndTrashChangedOutsideReachTheListWithinOnePoll() async throws {
        let store = try store()
        let receipt = try await loaded(store)
        let held = try loadedEntry(store, .hold)
        let approved = try loadedEntry(store, .approved)
        let trashed = try loadedEntry(store, .trash)
        server.changeOutside(site: site, id: held.id, .status(.spam))
        server.changeOutside(site: site, id: approved.id, .status(.trash))
        // Restored outside: the row that said Trash must not stay so (the `D` of issue 27).
        server.changeOutside(site: site, id: trashed.id, .restore)
        let restoredTo = try #require(server.comment(site: site, id: trashed.id)?.status.rawValue)
        let ticks = try await pollAndSweep(store)
        #expect(ticks <= 6, "a poll's worth of ticks: the status check, its requests, one re-read")
        let comments = store.state.comments(of: site)
        #expect(comments[held.id]?.status == .spam)
        #expect(comments[approved.id]?.status == .trash)
        #expect(comments[trashed.id]?.status.rawValue == restoredTo)
        _ = try await store.state { $0.siteChanges[self.site]?.count == 3 }
        #expect(store.state.siteChanges[site]?[held.id] == SiteChange(id: held.id, before: .hold, after: .spam, noticed: reference))
        #expect(store.state.notice?.message.hasPrefix("Changed on the site: ") == true)
        receipt.cancel()
    }

    /// Issue 28: the refresh read comments alone (`type=comment`), so a ping moderated in
    /// wp-admin kept its old status here until `R`. Its lists and re-reads now hold pings
    /// too, and never the block editor's notes.
    @Test func pingsChangedOutsideReachTheListLikeComments() async throws {
        let held = try #require(server.addPingback(site: site, sourceTitle: "A linking post", sourceURL: "https://example.org/a",
                                                   excerpt: "Linked here.", status: .hold))
        let approved = try #require(server.addTrackback(site: site, blogName: "A linking blog", url: "https://example.net/b",
                                                        title: "Read this", excerpt: "Linked too.", status: .approved))
        let note = try #require(server.addNote(site: site, content: "An editorial note."))
        let store = try store()
        let receipt = try await loaded(store)
        let pingsQuery = CommentsQuery(site: site, kind: .pings)
        let pings = store.query(pingsQuery)
        _ = try await store.state { $0.fetch(pingsQuery).phase == .loaded }
        try #require(store.state.comments(of: site)[held.id]?.status == .hold)
        try #require(store.state.comments(of: site)[approved.id]?.status == .approved)
        server.changeOutside(site: site, id: held.id, .status(.spam))
        server.changeOutside(site: site, id: approved.id, .delete)
        _ = try await pollAndSweep(store)
        let comments = store.state.comments(of: site)
        #expect(comments[held.id]?.status == .spam, "the status check lists pings")
        #expect(comments[approved.id] == nil, "the re-read asks for pings: one missing is gone")
        #expect(comments[note.id] == nil, "no note is loaded by the refresh")
        _ = try await store.state { $0.siteChanges[self.site]?[held.id] != nil }
        withExtendedLifetime((receipt, pings)) {}
    }

    @Test func theCountsEqualTheSitesAfterOnePoll() async throws {
        let store = try store()
        let receipt = try await loaded(store)
        server.changeOutside(site: site, id: try loadedEntry(store, .hold).id, .status(.approved))
        server.changeOutside(site: site, id: try loadedEntry(store, .approved).id, .delete)
        server.changeOutside(site: site, id: try loadedEntry(store, .spam).id, .status(.trash))
        _ = try await pollAndSweep(store)
        let onSite = StatusCounts(try await client().countsByStatus())
        #expect(store.state.statusCounts(of: site) == onSite)
        receipt.cancel()
    }

    @Test func approvedCommentsEditedOrDeletedOutsideChangeWithinTheRollingReread() async throws {
        let store = try store()
        let receipt = try await loaded(store)
        let total = try #require(store.state.fetch(CommentsQuery(site: site)).total)
        let edited = try loadedEntry(store, .approved)
        let deleted = try loadedEntry(store, .approved, skipping: [edited.id])
        server.changeOutside(site: site, id: edited.id, .content("Edited in wp-admin."))
        server.changeOutside(site: site, id: deleted.id, .delete)
        _ = try await pollAndSweep(store)
        // The header's "of N" goes down with it: not "59 of 60 loaded" for good.
        #expect(store.state.fetch(CommentsQuery(site: site)).total == total - 1)
        let comments = store.state.comments(of: site)
        #expect(comments[edited.id]?.text == "Edited in wp-admin.")
        #expect(comments[edited.id]?.status == .approved)
        #expect(comments[deleted.id] == nil)
        _ = try await store.state { $0.siteChanges[self.site]?.count == 1 }
        #expect(store.state.siteChanges[site]?[edited.id]?.summary == "text edited")
        #expect(store.state.siteChanges[site]?[deleted.id] == nil, "no row to mark: the status line says it")
        #expect(store.state.notice?.message.contains("1 deleted (by \(deleted.authorName))") == true, "its row is gone: the notice names it")
        dispatcher.dispatch(CommentsAction.siteChangesSeen(site: site, ids: [edited.id]))
        #expect(store.state.siteChanges[site] == nil)
        receipt.cancel()
    }

    @Test func nothingChangedOutsideChangesNothingAndMarksNothing() async throws {
        let store = try store()
        let receipt = try await loaded(store)
        let before = store.state.comments(of: site).allEntries
        _ = try await pollAndSweep(store)
        #expect(store.state.comments(of: site).allEntries == before)
        #expect(store.state.siteChanges.isEmpty)
        #expect(store.state.sweeps[site]?.checkedAt == reference)
        receipt.cancel()
    }

    @Test func theRefreshAsksOnlyIdsAndStatusesAndIncludeBatches() async throws {
        let store = try store()
        let receipt = try await loaded(store)
        let lists = server.requestCount(.listComments)
        _ = try await pollAndSweep(store)
        // The poll, three status lists (one page each), the approved count, one re-read of
        // the 60 comments' approved ones; then the counts, comments and pings of each status
        // (eight), as wp-admin counts them: the lists are not its counts. The poll and the
        // counts are not the refresh's.
        #expect(server.requestCount(.listComments) == lists + 1 + 3 + 1 + 1 + 8)
        #expect(store.state.sweeps[site]?.requestsSent == 5)
        receipt.cancel()
    }

    @Test func aCursorRestingOnACommentRereadsItAtOnce() async throws {
        let store = try store(every: .seconds(60))
        let receipt = try await loaded(store)
        let approved = try loadedEntry(store, .approved)
        server.changeOutside(site: site, id: approved.id, .status(.spam))
        dispatcher.dispatch(CommentsAction.recheck(site: site, id: approved.id))
        _ = try await store.state { $0.comments(of: self.site)[approved.id]?.status == .spam }
        #expect(store.state.sweeps[site]?.debt == 1, "paid for by the next tick")
        receipt.cancel()
    }

    @Test func withoutPollingTheCursorRereadsNothing() async throws {
        let store = try store()
        let receipt = try await loaded(store)
        dispatcher.dispatch(CommentsAction.recheck(site: site, id: try loadedEntry(store, .approved).id))
        #expect(store.state.sweeps[site]?.recheck == nil)
        receipt.cancel()
    }

    @Test func theTickerRunsOnTheClockAndStopsWhenTheRoundIsDone() async throws {
        let store = try store(every: .seconds(60))
        let receipt = try await loaded(store)
        let held = try loadedEntry(store, .hold)
        server.changeOutside(site: site, id: held.id, .status(.trash))
        dispatcher.dispatch(CommentsAction.startPolling(site: site))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(60))
        // The poll timer and the refresh's ticker, every 2 s at 30 requests a minute.
        _ = try await store.state { $0.sweeps[self.site]?.isTicking == true && $0.polls.isEmpty }
        for _ in 0..<20 {
            let state = store.state
            if state.comments(of: site)[held.id]?.status == .trash, state.sweeps[site]?.isTicking == false { break }
            // The ticker asleep again (beside the poll timer), or stopped: then the next 2 s.
            while clock.sleeperCount < 2, store.state.sweeps[site]?.isTicking == true { await Task.yield() }
            clock.advance(by: .seconds(2))
            _ = try await store.state { $0.sweeps[self.site]?.progress.asking == nil && $0.sweeps[self.site]?.recheck == nil }
        }
        #expect(store.state.comments(of: site)[held.id]?.status == .trash)
        #expect(store.state.sweeps[site]?.isTicking == false, "the round is done: the ticker waits for the next poll")
        dispatcher.dispatch(CommentsAction.stopPolling)
        receipt.cancel()
    }
}
