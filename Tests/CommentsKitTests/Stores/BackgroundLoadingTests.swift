import Foundation
import Testing
import Flux
@testable import CommentsKit

/// The reducer's background loading (``LoadingReducer`` with a concurrency above 0),
/// driven with page answers made up here: which pages are asked for, in which order, how
/// many at once, and what the answers do, whatever order they come in. The effects are
/// values and are not run: the state says what is in flight.
@Suite struct BackgroundLoadingTests {
    static let site: SiteID = "site-1"
    static let query = CommentsQuery(site: site)
    static let pageSize = 10

    static func reducer(concurrency: Int) throws -> CommentsReducer {
        let client = try WordPressClient(restBase: URL(string: "http://unused.parley/wp-json/")!)
        return CommentsReducer(sites: [SiteConnection(id: site, name: "Site", client: client)], ttl: 60, pageSize: pageSize,
                               loadConcurrency: concurrency, now: { Date(timeIntervalSinceReferenceDate: 0) })
    }

    /// Page `page` of a site of `total` comments numbered newest first (id 1 newest), one
    /// minute apart; with `parents`, the parent of some ids.
    static func page(_ page: Int, of total: Int, parents: [Int: Int] = [:], missing: Set<Int> = []) -> CommentPage {
        let ids = ((page - 1) * pageSize + 1)...min(total, page * pageSize)
        let comments = ids.filter { !missing.contains($0) }.map { id in
            CommentsKit.Comment(id: id, post: 1, parent: parents[id] ?? 0, author: 0, authorName: "a", authorURL: "",
                                date: Date(timeIntervalSinceReferenceDate: Double(100_000 - id * 60)), contentHTML: "c\(id)",
                                link: "", status: .approved, type: "comment")
        }
        return CommentPage(comments: comments, total: total, totalPages: (total + pageSize - 1) / pageSize)
    }

    /// Answers page `page` with the ticket the state holds for it.
    static func answer(_ page: Int, with result: Result<CommentPage, CommentsError>, _ reducer: CommentsReducer,
                       _ state: inout CommentsState) {
        guard let ticket = state.requests.fetches[query]?[page]?.id else {
            Issue.record("page \(page) is not in flight")
            return
        }
        _ = reducer.reduce(&state, .pageLoaded(query: query, page: page, ticket: ticket, result: result))
    }

    static func inFlight(_ state: CommentsState) -> [Int] { state.requests.pagesInFlight(query).sorted() }

    @Test func afterPageOneTheRestLoadsWithFourInFlightAndNeverMore() throws {
        let reducer = try Self.reducer(concurrency: 4)
        var state = CommentsState()
        _ = reducer.reduce(&state, .queryStarted(Self.query))
        #expect(Self.inFlight(state) == [1])
        Self.answer(1, with: .success(Self.page(1, of: 95)), reducer, &state)
        #expect(Self.inFlight(state) == [2, 3, 4, 5])
        Self.answer(3, with: .success(Self.page(3, of: 95)), reducer, &state)
        #expect(Self.inFlight(state) == [2, 4, 5, 6])
        Self.answer(6, with: .success(Self.page(6, of: 95)), reducer, &state)
        #expect(Self.inFlight(state) == [2, 4, 5, 7])
        #expect(state.fetch(Self.query).phase == .loading(page: 2))
        #expect(state.fetch(Self.query).isLoading)
    }

    @Test func oneAtATimeWithAConcurrencyOfOne() throws {
        let reducer = try Self.reducer(concurrency: 1)
        var state = CommentsState()
        _ = reducer.reduce(&state, .queryStarted(Self.query))
        for page in 1...3 {
            #expect(Self.inFlight(state) == [page])
            Self.answer(page, with: .success(Self.page(page, of: 30)), reducer, &state)
        }
        #expect(Self.inFlight(state).isEmpty)
        #expect(state.fetch(Self.query).isComplete)
        #expect(state.fetch(Self.query).phase == .loaded)
    }

    @Test func pagesArrivingOutOfOrderAreAllMergedAndTheLoadCompletes() throws {
        let reducer = try Self.reducer(concurrency: 4)
        var state = CommentsState()
        _ = reducer.reduce(&state, .queryStarted(Self.query))
        Self.answer(1, with: .success(Self.page(1, of: 60)), reducer, &state)
        for page in [5, 3, 4, 2, 6] {
            Self.answer(page, with: .success(Self.page(page, of: 60)), reducer, &state)
            let fetch = state.fetch(Self.query)
            #expect(fetch.pagesLoaded + fetch.laterPages.count == [1, 5, 3, 4, 2, 6].prefix { $0 != page }.count + 1)
        }
        let fetch = state.fetch(Self.query)
        #expect(fetch.pagesLoaded == 6 && fetch.laterPages.isEmpty && fetch.isComplete)
        #expect(fetch.phase == .loaded)
        #expect(state.comments(of: Self.site).rows.map(\.id) == Array(1...60))
    }

    @Test func aReplyThatArrivesBeforeItsParentIsPlacedUnderItWhenItComes() throws {
        let reducer = try Self.reducer(concurrency: 4)
        var state = CommentsState()
        _ = reducer.reduce(&state, .queryStarted(Self.query))
        // Comment 5 (page 1) answers comment 25 (page 3, older).
        Self.answer(1, with: .success(Self.page(1, of: 30, parents: [5: 25])), reducer, &state)
        #expect(state.comments(of: Self.site).rows.first { $0.id == 5 }?.parentMissing == true)
        Self.answer(3, with: .success(Self.page(3, of: 30)), reducer, &state)
        let rows = state.comments(of: Self.site).rows
        guard let parent = rows.firstIndex(where: { $0.id == 25 }) else {
            Issue.record("the parent is not listed")
            return
        }
        #expect(rows[parent + 1].id == 5 && rows[parent + 1].depth == 1 && !rows[parent + 1].parentMissing)
    }

    @Test func aFailedPageStopsTheLoadKeepsWhatLoadedAndLoadMoreResumesIt() throws {
        let reducer = try Self.reducer(concurrency: 2)
        var state = CommentsState()
        _ = reducer.reduce(&state, .queryStarted(Self.query))
        Self.answer(1, with: .success(Self.page(1, of: 50)), reducer, &state)
        #expect(Self.inFlight(state) == [2, 3])
        Self.answer(3, with: .failure(.transport(.timeout)), reducer, &state)
        #expect(Self.inFlight(state).isEmpty, "the other page in flight stops too")
        #expect(state.fetch(Self.query).error == .transport(.timeout))
        #expect(state.comments(of: Self.site).count == 10)
        #expect(state.notice?.message.contains("Could not load comments") == true)
        _ = reducer.reduce(&state, .loadMore(Self.query))
        #expect(Self.inFlight(state) == [2, 3])
        #expect(state.fetch(Self.query).error == nil)
    }

    @Test func theEndFirstAsksForTheOldestPagesNextAndStopsNothing() throws {
        let reducer = try Self.reducer(concurrency: 2)
        var state = CommentsState()
        _ = reducer.reduce(&state, .queryStarted(Self.query))
        Self.answer(1, with: .success(Self.page(1, of: 100)), reducer, &state)
        #expect(Self.inFlight(state) == [2, 3])
        _ = reducer.reduce(&state, .loadEnd(Self.query))
        #expect(Self.inFlight(state) == [2, 3], "nothing in flight stops, and no more than 2")
        Self.answer(2, with: .success(Self.page(2, of: 100)), reducer, &state)
        #expect(Self.inFlight(state) == [3, 10])
        Self.answer(10, with: .success(Self.page(10, of: 100)), reducer, &state)
        #expect(Self.inFlight(state) == [3, 9])
    }

    @Test func refreshLoadsEveryPageAgainAndRemovesWhatTheSiteNoLongerHas() throws {
        let reducer = try Self.reducer(concurrency: 4)
        var state = CommentsState()
        _ = reducer.reduce(&state, .queryStarted(Self.query))
        for page in 1...3 { Self.answer(page, with: .success(Self.page(page, of: 30)), reducer, &state) }
        #expect(state.fetch(Self.query).isComplete)
        _ = reducer.reduce(&state, .refresh(Self.query))
        #expect(Self.inFlight(state) == [1])
        #expect(state.fetch(Self.query).pagesLoaded == 0)
        Self.answer(1, with: .success(Self.page(1, of: 29)), reducer, &state)
        #expect(Self.inFlight(state) == [2, 3])
        // Comment 15 is gone from the site: page 2 now ends with 21 and does not hold it.
        Self.answer(2, with: .success(Self.page(2, of: 29, missing: [15])), reducer, &state)
        #expect(state.comments(of: Self.site)[15] == nil)
        #expect(state.comments(of: Self.site).count == 29)
    }

    @Test func anAnswerToACancelledPageIsDropped() throws {
        let reducer = try Self.reducer(concurrency: 2)
        var state = CommentsState()
        _ = reducer.reduce(&state, .queryStarted(Self.query))
        Self.answer(1, with: .success(Self.page(1, of: 50)), reducer, &state)
        let stale = try #require(state.requests.fetches[Self.query]?[2]?.id)
        _ = reducer.reduce(&state, .queryEnded(Self.query))
        #expect(Self.inFlight(state).isEmpty)
        _ = reducer.reduce(&state, .pageLoaded(query: Self.query, page: 2, ticket: stale, result: .success(Self.page(2, of: 50))))
        #expect(state.comments(of: Self.site).count == 10)
    }
}
