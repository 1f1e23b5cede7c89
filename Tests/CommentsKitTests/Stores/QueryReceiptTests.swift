import Testing
import Foundation
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// A view's query receipt is a pair of actions (`queryStarted` when taken, `queryEnded`
/// when it goes) and the receipts per query are counted in ``CommentsState``: what the
/// comments store loads is a function of its action history.
@MainActor
@Suite struct QueryReceiptTests {
    let server = MockServer(MockConfiguration(seed: 7, siteCount: 1, commentsPerSite: 30))
    let clock = TestClock(startDate: MockConfiguration().referenceDate)

    private func connections() throws -> [SiteConnection] {
        try server.sites.map { site in
            SiteConnection(id: site.id, name: site.name, client: try WordPressClient(
                restBase: site.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none))
        }
    }

    private func reducer() throws -> CommentsReducer {
        CommentsReducer(sites: try connections(), ttl: 60, pageSize: 25, now: { [clock] in clock.date })
    }

    private func testStore() throws -> (TestStore<CommentsState, CommentsAction>, CommentsQuery) {
        let reducer = try reducer()
        var initial = CommentsState()
        initial.sites = server.sites.map { SiteInfo(id: $0.id, name: $0.name) }
        let store = TestStore(initialState: initial) { (state: inout CommentsState, action: CommentsAction) in
            reducer.reduce(&state, action)
        }
        return (store, CommentsQuery(site: try #require(server.sites.first).id))
    }

    @Test func takingTheFirstReceiptAsksForThePageAndEndingTheLastCancelsIt() async throws {
        let (store, query) = try testStore()
        await store.send(.queryStarted(query)) {
            _ = $0.activeQueries.add(query)
            $0.requests.lastTicket = 1
            $0.requests.fetches[query] = [1: FetchTicket(id: 1, revision: 0)]
            $0.fetches[query, default: FetchState()].phase = .loading(page: 1)
        }
        await store.send(.queryEnded(query)) {
            _ = $0.activeQueries.remove(query)
            $0.requests.fetches[query] = nil
            $0.fetches[query]?.phase = .neverAsked
        }
        // The request was cancelled with the query: its answer is dropped, nothing arrives.
        await store.finish(timeout: .safetyNet)
    }

    @Test func aSecondReceiptSharesTheQueryAndItsRequest() async throws {
        let (store, query) = try testStore()
        await store.send(.queryStarted(query)) {
            _ = $0.activeQueries.add(query)
            $0.requests.lastTicket = 1
            $0.requests.fetches[query] = [1: FetchTicket(id: 1, revision: 0)]
            $0.fetches[query, default: FetchState()].phase = .loading(page: 1)
        }
        await store.send(.queryStarted(query)) { _ = $0.activeQueries.add(query) }
        #expect(store.state.activeQueries.receiptCount(for: query) == 2)
        await store.send(.queryEnded(query)) { _ = $0.activeQueries.remove(query) }
        #expect(store.state.requests.fetches[query] != nil, "one receipt still holds the query: its request goes on")
        await store.send(.queryEnded(query)) {
            _ = $0.activeQueries.remove(query)
            $0.requests.fetches[query] = nil
            $0.fetches[query]?.phase = .neverAsked
        }
        #expect(store.state.activeQueries.queries.isEmpty)
        await store.finish(timeout: .safetyNet)
    }

    @Test func anEndForAQueryNoReceiptHoldsChangesNothing() async throws {
        let (store, query) = try testStore()
        await store.send(.queryEnded(query))
        #expect(store.state.activeQueries.receiptCount(for: query) == 0)
        await store.finish()
    }

    @Test func theReceiptsOfTheStoreAreItsActions() async throws {
        let dispatcher = Dispatcher()
        let log = ActionLog(on: dispatcher)
        let store = CommentsStore(sites: try connections(), dispatcher: dispatcher, pageSize: 25, now: { [clock] in clock.date })
        let query = CommentsQuery(site: try #require(server.sites.first).id)
        var first: Receipt? = store.query(query)
        let second = store.query(query)
        first = nil
        second.cancel()
        second.cancel()  // a receipt ends once
        #expect(log.actions(of: CommentsAction.self) == [.queryStarted(query), .queryStarted(query), .queryEnded(query), .queryEnded(query)])
        #expect(store.state.activeQueries.queries.isEmpty)
        _ = first
    }

    @Test func replayingASessionsActionsRebuildsItsState() async throws {
        let dispatcher = Dispatcher()
        let log = ActionLog(on: dispatcher)
        let store = CommentsStore(sites: try connections(), dispatcher: dispatcher, pageSize: 25, now: { [clock] in clock.date })
        let query = CommentsQuery(site: try #require(server.sites.first).id)
        let receipt = store.query(query)
        let loaded = try await store.state { $0.fetch(query).phase == .loaded }
        let target = try #require(loaded.comments(of: query.site).allEntries.first { $0.status == .approved })
        dispatcher.dispatch(CommentsAction.trash(site: query.site, id: target.id))
        _ = try await store.state { $0.writesInFlight == 0 && !$0.isBusy }
        receipt.cancel()
        // The same actions, in order, through the reducer alone (its effects are values
        // here, not run): the same state, receipts and requests included.
        let reducer = try reducer()
        var replayed = CommentsState()
        replayed.sites = store.state.sites
        for action in log.actions(of: CommentsAction.self) { _ = reducer.reduce(&replayed, action) }
        #expect(replayed.comments(of: query.site)[target.id]?.status == .trash)
        // Comments compare by revision, which a process-wide counter hands out: compared
        // entry by entry and row by row, then the rest of the state as a whole.
        #expect(replayed.comments(of: query.site).allEntries == store.state.comments(of: query.site).allEntries)
        #expect(replayed.comments(of: query.site).rows == store.state.comments(of: query.site).rows)
        replayed.comments = store.state.comments
        #expect(replayed == store.state)
        #expect(await store.effectsFinished(timeout: .safetyNet))
    }

    /// What `TerminalApp` does: it takes the shown site's query from a subscriber. The
    /// receipt's action waits until every subscriber has seen the change being told, then
    /// loads; later subscribers see the changes in order (once a write in the store's
    /// query hook, that made them see the newer change first and end on a stale state).
    @Test func aQueryTakenWhileSubscribersAreToldFollowsThatChangeAndLoads() async throws {
        let dispatcher = Dispatcher()
        let store = CommentsStore(sites: try connections(), dispatcher: dispatcher, pageSize: 25, now: { [clock] in clock.date })
        let query = CommentsQuery(site: try #require(server.sites.first).id)
        var receipt: Receipt?
        let taking = store.subscribe { _, new in
            if receipt == nil, new.notice != nil { receipt = store.query(query) }
        }
        var seen: [(notice: Bool, receipts: Int)] = []
        let watching = store.subscribe { _, new in
            seen.append((new.notice != nil, new.activeQueries.receiptCount(for: query)))
        }
        dispatcher.dispatch(CommentsAction.undo)  // "Nothing to undo.": a change to be told
        #expect(seen.map(\.notice) == [true, true])
        #expect(seen.map(\.receipts) == [0, 1])
        #expect(store.state.fetch(query).isLoading)
        _ = try await store.state { $0.fetch(query).phase == .loaded }
        #expect(store.state.comments(of: query.site).count == 25)
        receipt?.cancel()
        #expect(await store.effectsFinished(timeout: .safetyNet))
        _ = (taking, watching)
    }
}
