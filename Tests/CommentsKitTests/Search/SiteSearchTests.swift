import FluxTesting
import Foundation
import Testing
import Flux
import MockREST
@testable import CommentsKit

/// A search while the site loads asks the site too (``SiteSearchReducer``); once the site
/// is loaded it stays local. Driven through the reducer with answers made up here.
@Suite struct SiteSearchTests {
    static let site = BackgroundLoadingTests.site
    static let query = BackgroundLoadingTests.query
    static let statuses: Set<CommentStatus> = [.approved, .hold]

    static func found(_ ids: [Int], total: Int? = nil, pages: Int = 1) -> CommentPage {
        let comments = ids.map { id in
            CommentsKit.Comment(id: id, post: 1, authorName: "Found", date: Date(timeIntervalSinceReferenceDate: Double(id)),
                                contentHTML: "<p>a kumquat \(id)</p>")
        }
        return CommentPage(comments: comments, total: total ?? ids.count, totalPages: pages)
    }

    /// A reducer whose site has page 1 of `total` comments loaded (more to come).
    static func loading(concurrency: Int = 4, total: Int = 95) throws -> (CommentsReducer, CommentsState) {
        let reducer = try BackgroundLoadingTests.reducer(concurrency: concurrency)
        var state = CommentsState()
        _ = reducer.reduce(&state, .queryStarted(query))
        BackgroundLoadingTests.answer(1, with: .success(BackgroundLoadingTests.page(1, of: total)), reducer, &state)
        return (reducer, state)
    }

    /// Pings found: pingbacks from another site, ids as given.
    static func foundPings(_ ids: [Int], total: Int? = nil) -> CommentPage {
        let pings = ids.map { id in
            CommentsKit.Comment(id: id, post: 1, authorName: "Elsewhere", authorURL: "https://elsewhere.example/\(id)",
                                date: Date(timeIntervalSinceReferenceDate: Double(id)),
                                contentHTML: "<p>[&#8230;] a kumquat \(id) [&#8230;]</p>", type: "pingback")
        }
        return CommentPage(comments: pings, total: total ?? ids.count, totalPages: 1)
    }

    static func answer(_ page: Int, _ result: Result<CommentPage, CommentsError>, of kind: CommentKind = .comments, ticket: Int? = nil,
                       _ reducer: CommentsReducer, _ state: inout CommentsState) -> Effect<CommentsAction> {
        let ticket = ticket ?? state.siteSearches[site]?.ticket ?? -1
        return reducer.reduce(&state, .searchPageLoaded(site: site, kind: kind, ticket: ticket, page: page, result: result))
    }

    /// The pages of `kind` the search has asked for and not had answered.
    static func inFlight(_ kind: CommentKind = .comments, _ state: CommentsState) -> Set<Int>? {
        state.siteSearches[site]?.parts[kind]?.pagesInFlight
    }

    @Test func whileLoadingASearchAsksTheSiteForCommentsAndPingsAndMergesWhatItFinds() throws {
        var (reducer, state) = try Self.loading()
        let effect = reducer.reduce(&state, .searchSite(site: Self.site, term: " kumquat ", statuses: Self.statuses))
        #expect(!effect.isNone)
        let search = try #require(state.siteSearches[Self.site])
        #expect(search.term == "kumquat" && Self.inFlight(.comments, state) == [1] && Self.inFlight(.pings, state) == [1])
        #expect(search.summary == "searching the site…")
        _ = Self.answer(1, .success(Self.found([900, 901])), reducer, &state)
        #expect(state.comments(of: Self.site)[900] != nil && state.comments(of: Self.site)[901] != nil)
        #expect(state.siteSearches[Self.site]?.isComplete == false, "the pings have not answered")
        #expect(state.siteSearches[Self.site]?.total == nil)
        _ = Self.answer(1, .success(Self.foundPings([950])), of: .pings, reducer, &state)
        #expect(state.comments(of: Self.site)[950]?.commentType == .pingback)
        #expect(state.siteSearches[Self.site]?.isComplete == true)
        #expect(state.siteSearches[Self.site]?.summary == "search: 3 on the site", "both kinds' totals")
    }

    @Test func aReadersSearchAsksForCommentsOnly() throws {
        var (reducer, state) = try Self.loading()
        let subscriber = WordPressUser(id: 99, name: "someone", roles: ["subscriber"], capabilities: ["read", "level_0"])
        _ = reducer.reduce(&state, .credentialsChecked(site: Self.site, result: .success(subscriber)))
        try #require(state.access(of: Self.site) == .reader)
        _ = reducer.reduce(&state, .searchSite(site: Self.site, term: "kumquat", statuses: Self.statuses))
        #expect(state.siteSearches[Self.site]?.parts.keys.sorted { $0.rawValue < $1.rawValue } == [.comments])
        _ = Self.answer(1, .success(Self.found([900])), reducer, &state)
        #expect(state.siteSearches[Self.site]?.summary == "search: 1 on the site")
    }

    @Test func pingsRefusedToSomeoneNotKnownAsAModeratorLeaveTheCommentsSearch() throws {
        var (reducer, state) = try Self.loading()
        _ = reducer.reduce(&state, .searchSite(site: Self.site, term: "kumquat", statuses: Self.statuses))
        let refused = CommentsError.http(status: 400, code: "rest_forbidden_param", message: "Invalid parameter(s): type")
        let effect = Self.answer(1, .failure(refused), of: .pings, reducer, &state)
        #expect(effect.isNone, "the comments' pages go on")
        #expect(state.siteSearches[Self.site]?.failure == nil && Self.inFlight(.comments, state) == [1])
        _ = Self.answer(1, .success(Self.found([900, 901])), reducer, &state)
        #expect(state.siteSearches[Self.site]?.summary == "search: 2 on the site")
    }

    @Test func onceTheSiteIsLoadedTheSearchIsLocalOnly() throws {
        var (reducer, state) = try Self.loading(concurrency: 1, total: 20)
        BackgroundLoadingTests.answer(2, with: .success(BackgroundLoadingTests.page(2, of: 20)), reducer, &state)
        #expect(SiteSearchReducer.isLoaded(Self.site, in: state))
        let effect = reducer.reduce(&state, .searchSite(site: Self.site, term: "kumquat", statuses: Self.statuses))
        #expect(effect.isNone)
        #expect(state.siteSearches[Self.site] == nil)
    }

    @Test func aNewTermCancelsThePreviousAndItsLateAnswerIsDropped() throws {
        var (reducer, state) = try Self.loading()
        _ = reducer.reduce(&state, .searchSite(site: Self.site, term: "kum", statuses: Self.statuses))
        let first = try #require(state.siteSearches[Self.site]?.ticket)
        let next = reducer.reduce(&state, .searchSite(site: Self.site, term: "kumq", statuses: Self.statuses))
        #expect(!next.isNone, "the previous requests are cancelled and the new one starts")
        let second = try #require(state.siteSearches[Self.site])
        #expect(second.ticket != first && second.term == "kumq")
        _ = Self.answer(1, .success(Self.found([700])), ticket: first, reducer, &state)
        #expect(state.comments(of: Self.site)[700] == nil, "the old term's answer is not merged")
        #expect(Self.inFlight(.comments, state) == [1])
        // Clearing the search stops it.
        _ = reducer.reduce(&state, .searchSite(site: Self.site, term: "", statuses: Self.statuses))
        #expect(state.siteSearches[Self.site] == nil)
    }

    @Test func everyPageOfTheAnswerLoadsWithTheLoadingsConcurrency() throws {
        var (reducer, state) = try Self.loading(concurrency: 3)
        _ = reducer.reduce(&state, .searchSite(site: Self.site, term: "kumquat", statuses: Self.statuses))
        _ = Self.answer(1, .success(Self.found([800], total: 50, pages: 5)), reducer, &state)
        #expect(Self.inFlight(.comments, state) == [2, 3, 4], "each kind has the loading's concurrency")
        _ = Self.answer(3, .success(Self.found([803], total: 50, pages: 5)), reducer, &state)
        #expect(Self.inFlight(.comments, state) == [2, 4, 5])
        _ = Self.answer(1, .success(Self.foundPings([])), of: .pings, reducer, &state)
        for page in [2, 4, 5] { _ = Self.answer(page, .success(Self.found([800 + page], total: 50, pages: 5)), reducer, &state) }
        #expect(state.siteSearches[Self.site]?.isComplete == true)
        #expect(state.siteSearches[Self.site]?.total == 50)
        #expect(Set([800, 802, 803, 804, 805]).allSatisfy { state.comments(of: Self.site)[$0] != nil })
    }

    @Test func aFailureKeepsWhatWasFoundAndSaysTheSearchIsLocal() throws {
        var (reducer, state) = try Self.loading()
        _ = reducer.reduce(&state, .searchSite(site: Self.site, term: "kumquat", statuses: Self.statuses))
        _ = Self.answer(1, .success(Self.found([800], total: 30, pages: 3)), reducer, &state)
        _ = Self.answer(2, .failure(.invalidResponse("broken")), reducer, &state)
        #expect(state.comments(of: Self.site)[800] != nil)
        #expect(state.siteSearches[Self.site]?.summary == "search: loaded comments only")
    }
}

/// The same through the stores and the mock over the real client: typing a search while
/// only the first page is loaded finds a comment of a page not loaded, and it shows in the
/// filtered list.
@MainActor
@Suite struct SiteSearchStoreTests {
    @Test func aWordOnlyANotYetLoadedCommentHoldsIsFound() async throws {
        let fixture = try StoreFixture(commentsPerSite: 300)
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(FilterAction.showSite(fixture.site))
        let loaded = fixture.comments.state.comments(of: fixture.site)
        let all = try #require(fixture.server.comments(site: fixture.site))
        let target = try #require(all.filter { $0.status == .approved && loaded[$0.id] == nil }.min { $0.id < $1.id })
        let word = try #require(target.content.split { !$0.isLetter }.map(String.init).filter { $0.count >= 5 && $0.allSatisfy(\.isASCII) }.first)
        fixture.dispatcher.dispatch(FilterAction.setSearch(word))
        _ = try await fixture.comments.state { $0.siteSearches[fixture.site]?.isComplete == true }
        #expect(fixture.comments.state.comments(of: fixture.site)[target.id] != nil)
        #expect(fixture.visible.rows(site: fixture.site).contains { $0.id == target.id })
        #expect(fixture.server.requestLog.contains { $0.target.contains("search=\(word)") })
        #expect(fixture.comments.state.siteSearches[fixture.site]?.summary.hasPrefix("search: ") == true)
        withExtendedLifetime(receipt) {}
    }

    /// Only the comments' list is asked for (the pings' is not loaded): a ping holding the
    /// word is found by the site search's `type=pings` half, and counted.
    @Test func aPingMatchingTheTermIsFoundBeforeThePingsListIsLoaded() async throws {
        let fixture = try StoreFixture(commentsPerSite: 300)
        let ping = try #require(fixture.server.addPingback(site: fixture.site, sourceTitle: "Citrus weekly", sourceURL: "https://citrus.example/kumquats",
                                                           excerpt: "a zyzzyva in the marmalade", status: .approved))
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(FilterAction.showSite(fixture.site))
        fixture.dispatcher.dispatch(FilterAction.setSearch("zyzzyva"))
        _ = try await fixture.comments.state { $0.siteSearches[fixture.site]?.isComplete == true }
        let state = fixture.comments.state
        #expect(state.comments(of: fixture.site)[ping.id]?.commentType == .pingback)
        #expect(state.fetch(CommentsQuery(site: fixture.site, kind: .pings)).pagesLoaded == 0, "found by the search, not by the pings' list")
        #expect(fixture.visible.rows(site: fixture.site).contains { $0.id == ping.id })
        #expect(fixture.server.requestLog.contains { $0.target.contains("search=zyzzyva") && $0.target.contains("type=pings") })
        #expect(!fixture.server.requestLog.contains { $0.target.contains("search=") && !$0.target.contains("type=") },
                "never every type (a plugin's types would come too)")
        #expect(state.siteSearches[fixture.site]?.summary == "search: 1 on the site")
        withExtendedLifetime(receipt) {}
    }

    /// WordPress lets a reader list `type=comment` only: their search asks for nothing else.
    @Test func aReadersSearchAsksTheSiteForCommentsOnly() async throws {
        let account = MockAccount(user: "someone", applicationPassword: "pw", role: .subscriber)
        let server = MockServer(MockConfiguration(seed: 7, siteCount: 1, commentsPerSite: 60,
                                                  credentials: MockCredentials(user: "admin", applicationPassword: "adminpw"),
                                                  accounts: [account]))
        let mockSite = try #require(server.sites.first)
        let client = try WordPressClient(restBase: mockSite.restBase, credentials: Credentials(user: "someone", applicationPassword: "pw"),
                                         configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
        let store = CommentsStore(sites: [SiteConnection(id: mockSite.id, name: mockSite.name, client: client)], dispatcher: Dispatcher(),
                                  pageSize: 10, loadConcurrency: 0)
        let site = mockSite.id, query = CommentsQuery(site: mockSite.id)
        store.dispatcher.dispatch(CommentsAction.verifyCredentials(site: site))
        _ = try await store.state { $0.access(of: site) == .reader }
        let receipt = store.query(query)
        _ = try await store.state { $0.fetch(query).phase == .loaded }
        try #require(!SiteSearchReducer.isLoaded(site, in: store.state))
        store.dispatcher.dispatch(CommentsAction.searchSite(site: site, term: "the", statuses: [.approved]))
        _ = try await store.state { $0.siteSearches[site]?.isComplete == true || $0.siteSearches[site]?.failure != nil }
        #expect(store.state.siteSearches[site]?.failure == nil)
        let searches = server.requestLog.filter { $0.target.contains("search=") }
        #expect(!searches.isEmpty)
        #expect(searches.allSatisfy { $0.target.contains("type=comment") && !$0.target.contains("type=pings") }, "\(searches.map(\.target))")
        withExtendedLifetime(receipt) {}
    }

    @Test func onceTheSiteIsLoadedTypingAsksTheSiteNothing() async throws {
        let fixture = try StoreFixture(commentsPerSite: 60)
        let receipt = try await fixture.loadAll()
        fixture.dispatcher.dispatch(FilterAction.showSite(fixture.site))
        let before = fixture.server.requestCount(.listComments)
        for text in ["k", "ku", "kum"] { fixture.dispatcher.dispatch(FilterAction.setSearch(text)) }
        let asked = fixture.log.actions(of: CommentsAction.self).filter {
            if case .searchSite = $0 { return true } else { return false }
        }
        #expect(asked.isEmpty)
        #expect(fixture.server.requestCount(.listComments) == before)
        #expect(fixture.comments.state.siteSearches.isEmpty)
        withExtendedLifetime(receipt) {}
    }
}
