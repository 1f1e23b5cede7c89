import Testing
import Foundation
import Flux
import FluxTesting
@testable import CommentsKit
import MockREST

/// Issue 14: the comments store reads each site's cached copy before asking the site,
/// lets the site's answers correct it, and keeps the copy in step with what the site says.
@MainActor
@Suite struct CommentsCacheTests {
    /// A cache in memory that applies writes in their sequence, as the replica does.
    actor MemoryCache: CommentsCache {
        private(set) var stored: [SiteID: [Int: CommentsKit.Comment]] = [:]
        private(set) var sequences: [Int] = []
        var failing = false
        var reads = 0

        func seed(_ comments: [CommentsKit.Comment], site: SiteID) {
            stored[site] = Dictionary(uniqueKeysWithValues: comments.map { ($0.id, $0) })
        }

        func setFailing() { failing = true }

        func comments(site: SiteID, limit: Int?) async throws -> [CommentsKit.Comment] {
            reads += 1
            let all = (stored[site] ?? [:]).values.sorted { ($0.date, $0.id) > ($1.date, $1.id) }
            return limit.map { Array(all.prefix($0)) } ?? all
        }

        func posts(site: SiteID) async throws -> [WordPressPost] { [] }

        func write(_ write: CacheWrite) async -> String? {
            guard !failing else { return "disk full" }
            sequences.append(write.sequence)
            stored[write.site, default: [:]].apply(write)
            return nil
        }

        func ids(site: SiteID) -> Set<Int> { Set((stored[site] ?? [:]).keys) }
    }

    @MainActor
    struct Fixture {
        let server: MockServer
        let dispatcher = Dispatcher()
        let store: CommentsStore
        let site: SiteID
        let query: CommentsQuery
        let client: WordPressClient

        init(server: MockServer, cache: MemoryCache) throws {
            self.server = server
            let mockSite = try #require(server.sites.first)
            client = try WordPressClient(restBase: mockSite.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
            site = mockSite.id
            store = CommentsStore(sites: [SiteConnection(id: site, name: mockSite.name, client: client)], dispatcher: dispatcher,
                                  pageSize: 10, loadConcurrency: 2, cache: cache)
            query = CommentsQuery(site: site)
        }

        /// Reads the copy (as the app does at start), then holds the query until every page is in.
        func loadAll() async throws -> Receipt {
            dispatcher.dispatch(CommentsAction.readCache(site: site))
            let receipt = store.query(query)
            _ = try await store.state { state in
                let fetch = state.fetch(query)
                return (fetch.phase == .loaded && !fetch.hasMore && fetch.pagesLoaded > 0) || fetch.error != nil
            }
            return receipt
        }
    }

    @Test func theCopyIsShownFirstAndTheSiteCorrectsIt() async throws {
        let server = MockServer(MockConfiguration(seed: 5, siteCount: 1, commentsPerSite: 35))
        let cache = MemoryCache()
        // A first run fills the copy.
        let first = try Fixture(server: server, cache: cache)
        var receipt = try await first.loadAll()
        let all = first.store.state.comments(of: first.site).allEntries.map(\.id)
        try await waitFor { await cache.ids(site: first.site) == Set(all) }
        receipt.cancel()

        // Behind parley's back: one deleted on the site.
        let gone = try #require(all.first)
        _ = try await first.client.deletePermanently(id: gone)

        let second = try Fixture(server: server, cache: cache)
        second.dispatcher.dispatch(CommentsAction.readCache(site: second.site))
        receipt = second.store.query(second.query)
        #expect(second.store.state.cache.reading == [second.site])
        // Nothing is asked of the site while the copy is read.
        #expect(second.store.state.requests.pagesInFlight(second.query).isEmpty)
        let shown = try await second.store.state { $0.cache.reading.isEmpty }
        // The whole copy was in before anything was asked of the site.
        #expect(shown.comments(of: second.site).count == all.count)
        #expect(shown.cache.unconfirmed == [second.site])
        let listed = try await second.store.state { state in
            let fetch = state.fetch(second.query)
            return fetch.phase == .loaded && !fetch.hasMore && fetch.pagesLoaded > 0
        }
        #expect(listed.comments(of: second.site)[gone] == nil)
        #expect(listed.comments(of: second.site).count == all.count - 1)
        #expect(listed.cache.unconfirmed.isEmpty)
        try await waitFor { await !cache.ids(site: second.site).contains(gone) }
        let sequences = await cache.sequences
        #expect(sequences.count > 0)
        receipt.cancel()
    }

    @Test func aWriteIsKeptAndADeletionForgotten() async throws {
        let server = MockServer(MockConfiguration(seed: 6, siteCount: 1, commentsPerSite: 12))
        let cache = MemoryCache()
        let fixture = try Fixture(server: server, cache: cache)
        let receipt = try await fixture.loadAll()
        let entries = fixture.store.state.comments(of: fixture.site).allEntries
        let spammed = try #require(entries.first { $0.status == .approved })
        let deleted = try #require(entries.first { $0.id != spammed.id })
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: spammed.id, to: .spam))
        fixture.dispatcher.dispatch(CommentsAction.deletePermanently(site: fixture.site, id: deleted.id))
        _ = try await fixture.store.state { $0.writesInFlight == 0 }
        try await waitFor {
            let stored = await cache.stored[fixture.site] ?? [:]
            return stored[spammed.id]?.status == .spam && stored[deleted.id] == nil
        }
        receipt.cancel()
    }

    @Test func aCopyThatCannotBeWrittenIsSaidOnceAndLeftAlone() async throws {
        let server = MockServer(MockConfiguration(seed: 8, siteCount: 1, commentsPerSite: 25))
        let cache = MemoryCache()
        await cache.setFailing()
        let fixture = try Fixture(server: server, cache: cache)
        let receipt = try await fixture.loadAll()
        let state = try await fixture.store.state { $0.cache.failed == [fixture.site] }
        #expect(state.notice?.message.contains("cannot be written (disk full)") == true)
        let writesBefore = state.cache.lastWrite
        fixture.dispatcher.dispatch(CommentsAction.refresh(fixture.query))
        _ = try await fixture.store.state { $0.fetch(fixture.query).phase == .loaded && !$0.fetch(fixture.query).hasMore }
        #expect(fixture.store.state.cache.lastWrite == writesBefore)
        receipt.cancel()
    }

    @Test func withoutACacheNothingWaitsAndTheStateStillFollows() async throws {
        let server = MockServer(MockConfiguration(seed: 9, siteCount: 1, commentsPerSite: 5))
        let site = try #require(server.sites.first)
        let client = try WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
        let dispatcher = Dispatcher()
        let store = CommentsStore(sites: [SiteConnection(id: site.id, name: site.name, client: client)], dispatcher: dispatcher)
        dispatcher.dispatch(CommentsAction.readCache(site: site.id))
        // Nothing to read: done at once (a replayed session has no cache either).
        #expect(store.state.cache.reading.isEmpty)
        #expect(store.state.cache.kept == [site.id])
        let receipt = store.query(CommentsQuery(site: site.id))
        let loaded = try await store.state { $0.fetch(CommentsQuery(site: site.id)).phase == .loaded }
        // The writes are numbered as with a cache, so a replay without one agrees.
        #expect(loaded.cache.lastWrite > 0)
        receipt.cancel()
    }

    /// Polls an actor's state (the cache is written by effects that run on their own).
    private func waitFor(_ condition: @escaping @Sendable () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .safetyNet
        while await !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("the cache never reached the expected state")
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

/// Starting from the cached copy (issue 27): the login is checked before anything current
/// is asked, so a refused password is said at once, and the cached rows stay marked cached.
@MainActor
@Suite struct CachedStartLoginTests {
    @Test func nothingIsListedBeforeTheLoginIsCheckedAndARefusalIsSaidAtOnce() async throws {
        let server = MockServer(MockConfiguration(seed: 5, siteCount: 1, commentsPerSite: 20))
        let cache = CommentsCacheTests.MemoryCache()
        let mockSite = try #require(server.sites.first)
        let site = mockSite.id
        let comment = CommentsKit.Comment(id: 1, post: 1, authorName: "Cached", date: Date(timeIntervalSince1970: 1_700_000_000),
                                          contentHTML: "<p>From the copy</p>")
        await cache.seed([comment], site: site)
        let client = try WordPressClient(restBase: mockSite.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
        let dispatcher = Dispatcher()
        let store = CommentsStore(sites: [SiteConnection(id: site, name: mockSite.name, client: client)], dispatcher: dispatcher,
                                  pageSize: 10, cache: cache)
        let query = CommentsQuery(site: site)
        // The mock's answer to the login check is held: the test says what the site answered.
        let hold = ActionHold(on: dispatcher, holding: CommentsAction.self) { action in
            if case .credentialsChecked = action { true } else { false }
        }
        defer { hold.end() }
        dispatcher.dispatch(CommentsAction.readCache(site: site))
        let receipt = store.query(query)
        dispatcher.dispatch(CommentsAction.verifyCredentials(site: site))
        #expect(store.state.cache.awaitingLogin == [site])
        let read = try await store.state { $0.cache.reading.isEmpty }
        #expect(read.requests.pagesInFlight(query).isEmpty, "the copy is in, the login not checked yet: nothing listed")
        #expect(read.cache.unconfirmed == [site])
        #expect(server.requestCount(.listComments) == 0)
        // The site refuses the password (sent past the hold, which keeps the mock's answer).
        hold.end()
        dispatcher.dispatch(CommentsAction.credentialsChecked(site: site, result: .failure(.notLoggedIn)))
        #expect(store.state.notice?.message.hasPrefix("Not logged in on ") == true)
        #expect(store.state.cache.awaitingLogin.isEmpty)
        #expect(store.state.cache.unconfirmed == [site], "the cached rows are not confirmed by a refusal")
        #expect(!store.state.requests.pagesInFlight(query).isEmpty, "then the site is asked, as a visitor")
        _ = try await store.state { !$0.fetch(query).isLoading }
        receipt.cancel()
    }
}
