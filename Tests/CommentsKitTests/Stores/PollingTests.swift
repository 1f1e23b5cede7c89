import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// Live updates: each site is polled on a timer for the comments written after the newest
/// loaded one; what arrives is merged and kept as "new" until seen. The timer sleeps on a
/// test clock, moved by hand: no test waits for real time.
@MainActor
@Suite struct PollingTests {
    let server = MockServer(MockConfiguration(seed: 7, siteCount: 1, commentsPerSite: 60))
    let dispatcher = Dispatcher()
    let clock = FluxTesting.TestClock()
    let reference = MockConfiguration().referenceDate

    private func connections() throws -> [SiteConnection] {
        try server.sites.map { site in
            SiteConnection(id: site.id, name: site.name, client: try WordPressClient(
                restBase: site.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none))
        }
    }

    private func store(every interval: Duration = .seconds(60)) throws -> CommentsStore {
        let now = reference
        // New comments alone: the refresh of what others change (its own ticker) is FreshnessTests'.
        return CommentsStore(sites: try connections(), dispatcher: dispatcher, pageSize: 25, now: { now },
                             pollInterval: interval, clock: clock, sweepBudget: 0)
    }

    private var site: SiteID { server.sites[0].id }

    /// Holds the site's query and waits for its first page.
    private func loaded(_ store: CommentsStore) async throws -> Receipt {
        let query = CommentsQuery(site: site)
        let receipt = store.query(query)
        _ = try await store.state { $0.fetch(query).phase == .loaded }
        return receipt
    }

    @Test func aTickAsksForWhatCameAfterTheNewestAndMarksOnlyThatNew() async throws {
        let store = try store()
        let receipt = try await loaded(store)
        let loadedBefore = store.state.comments(of: site).count
        let added = try #require(server.addVisitorComments(now: reference.addingTimeInterval(120)).first?.comment)
        dispatcher.dispatch(CommentsAction.startPolling(site: site))
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .seconds(60))
        let state = try await store.state { $0.newCount(of: self.site) > 0 && $0.polls.isEmpty }
        // The newest loaded comment comes back too (a second early), and is not new.
        #expect(state.newComments[site] == [added.id])
        #expect(state.comments(of: site).count == loadedBefore + 1)
        #expect(state.comments(of: site)[added.id]?.text.isEmpty == false)
        // The timer goes on: the next tick is armed.
        await clock.sleepers(atLeast: 1)
        #expect(clock.sleeperCount == 1)
        receipt.cancel()
    }

    @Test func seenCommentsAreNewNoMore() async throws {
        let store = try store()
        let receipt = try await loaded(store)
        let added = server.addVisitorComments(now: reference.addingTimeInterval(120)).map(\.comment.id)
        dispatcher.dispatch(CommentsAction.poll(site: site))
        _ = try await store.state { $0.newCount(of: self.site) == 1 }
        dispatcher.dispatch(CommentsAction.markSeen(site: site, ids: added))
        #expect(store.state.newCount(of: site) == 0)
        #expect(store.state.newComments[site] == nil)
        receipt.cancel()
    }

    @Test func aPollWithNothingNewMarksNothing() async throws {
        let store = try store()
        let receipt = try await loaded(store)
        let lists = server.requestCount(.listComments)
        dispatcher.dispatch(CommentsAction.poll(site: site))
        #expect(store.state.polls[site] != nil)
        _ = try await store.state { $0.polls.isEmpty }
        #expect(server.requestCount(.listComments) == lists + 1)
        #expect(store.state.newCount(of: site) == 0)
        receipt.cancel()
    }

    @Test func noPollBeforeTheFirstPageNorWhileOneIsOnItsWay() async throws {
        let store = try store()
        dispatcher.dispatch(CommentsAction.poll(site: site))
        #expect(store.state.polls.isEmpty, "nothing loaded: the first page brings the newest")
        let receipt = try await loaded(store)
        dispatcher.dispatch(CommentsAction.poll(site: site))
        let first = store.state.polls[site]
        dispatcher.dispatch(CommentsAction.poll(site: site))
        #expect(store.state.polls[site] == first)
        _ = try await store.state { $0.polls.isEmpty }
        receipt.cancel()
    }

    /// WordPress reads a date without a zone in the site's time: the client names UTC.
    @Test func theAfterDateSentNamesItsZone() {
        var request = CommentListRequest()
        request.after = reference
        request.before = reference.addingTimeInterval(60)
        let items = Dictionary(request.queryItems, uniquingKeysWith: { first, _ in first })
        #expect(items["after"] == CommentListRequest.wordPressDate(reference) + "Z")
        #expect(items["before"]?.hasSuffix("Z") == true)
    }

    @Test func noTimerWhenTheIntervalIsZero() throws {
        let off = CommentsReducer(sites: try connections(), ttl: 60, pageSize: 25, now: { Date() }, pollInterval: .zero, clock: clock)
        let on = CommentsReducer(sites: try connections(), ttl: 60, pageSize: 25, now: { Date() }, pollInterval: .seconds(60), clock: clock)
        var state = CommentsState()
        #expect(off.reduce(&state, CommentsAction.startPolling(site: site)).isNone)
        #expect(!on.reduce(&state, CommentsAction.startPolling(site: site)).isNone)
    }

    @Test func stoppingCancelsTheTimerAndThePollOnItsWay() async throws {
        let store = try store()
        let receipt = try await loaded(store)
        dispatcher.dispatch(CommentsAction.startPolling(site: site))
        await clock.sleepers(atLeast: 1)
        dispatcher.dispatch(CommentsAction.poll(site: site))
        #expect(store.state.polls[site] != nil)
        dispatcher.dispatch(CommentsAction.stopPolling)
        #expect(clock.sleeperCount == 0, "the timer's sleep was cancelled")
        #expect(store.state.polls.isEmpty)
        receipt.cancel()
    }
}

/// The live-update actions survive JSON, as a session recording holds them.
@Suite struct PollingActionCodableTests {
    @Test(arguments: [
        CommentsAction.startPolling(site: "s"), .stopPolling, .poll(site: "s"),
        .polled(site: "s", ticket: 3, result: .success([ActionCodableTests.comment])),
        .polled(site: "s", ticket: 4, result: .failure(.notLoggedIn)),
        .markSeen(site: "s", ids: [1, 2]),
    ])
    func readsBackAsWritten(action: CommentsAction) throws {
        let data = try JSONEncoder().encode(action)
        #expect(try JSONDecoder().decode(CommentsAction.self, from: data) == action)
    }

    @Test func theOrderKeyReadsBackAsWritten() throws {
        let data = try JSONEncoder().encode(FilterAction.cycleOrder)
        #expect(try JSONDecoder().decode(FilterAction.self, from: data) == .cycleOrder)
    }
}
