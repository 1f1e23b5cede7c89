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

    static func answer(_ page: Int, _ result: Result<CommentPage, CommentsError>, ticket: Int? = nil,
                       _ reducer: CommentsReducer, _ state: inout CommentsState) -> Effect<CommentsAction> {
        let ticket = ticket ?? state.siteSearches[site]?.ticket ?? -1
        return reducer.reduce(&state, .searchPageLoaded(site: site, ticket: ticket, page: page, result: result))
    }

    @Test func whileLoadingASearchAsksTheSiteAndMergesWhatItFinds() throws {
        var (reducer, state) = try Self.loading()
        let effect = reducer.reduce(&state, .searchSite(site: Self.site, term: " kumquat ", statuses: Self.statuses))
        #expect(!effect.isNone)
        let search = try #require(state.siteSearches[Self.site])
        #expect(search.term == "kumquat" && search.pagesInFlight == [1])
        #expect(search.summary == "searching the site…")
        _ = Self.answer(1, .success(Self.found([900, 901])), reducer, &state)
        #expect(state.comments(of: Self.site)[900] != nil && state.comments(of: Self.site)[901] != nil)
        #expect(state.siteSearches[Self.site]?.isComplete == true)
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
        #expect(state.siteSearches[Self.site]?.pagesInFlight == [1])
        // Clearing the search stops it.
        _ = reducer.reduce(&state, .searchSite(site: Self.site, term: "", statuses: Self.statuses))
        #expect(state.siteSearches[Self.site] == nil)
    }

    @Test func everyPageOfTheAnswerLoadsWithTheLoadingsConcurrency() throws {
        var (reducer, state) = try Self.loading(concurrency: 3)
        _ = reducer.reduce(&state, .searchSite(site: Self.site, term: "kumquat", statuses: Self.statuses))
        _ = Self.answer(1, .success(Self.found([800], total: 50, pages: 5)), reducer, &state)
        #expect(state.siteSearches[Self.site]?.pagesInFlight == [2, 3, 4])
        _ = Self.answer(3, .success(Self.found([803], total: 50, pages: 5)), reducer, &state)
        #expect(state.siteSearches[Self.site]?.pagesInFlight == [2, 4, 5])
        for page in [2, 4, 5] { _ = Self.answer(page, .success(Self.found([800 + page], total: 50, pages: 5)), reducer, &state) }
        #expect(state.siteSearches[Self.site]?.isComplete == true)
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
