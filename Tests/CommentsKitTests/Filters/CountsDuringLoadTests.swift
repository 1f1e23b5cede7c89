import FluxTesting
import Foundation
import Testing
import PropertyBased
import Flux
import MockREST
@testable import CommentsKit

/// The filter counts while a site loads in the background: a page of a load still under
/// way is counted with the next action, not on its own
/// (``CommentsAction/isPageOfOngoingLoad(in:)``), and once the last page is in, the counts
/// are exactly those a recount of the same comments gives, whatever order the pages came in.
///
/// The pages are answered here, as actions carrying the tickets the state holds; the
/// requests themselves go to a mock that never answers in time.
@MainActor
@Suite struct CountsDuringLoadTests {
    static let pageSize = 10
    static let authors = ["ann", "bob", "cy"]
    /// Filters turned on before the load (they are listed with no comment loaded), by bit
    /// of a random mask.
    static let criteria: [FilterCriterion] = [.status(.approved), .status(.hold), .status(.spam), .replies, .older]

    /// Stores over a mock site whose answers never come (an hour of latency).
    @MainActor
    struct Loading {
        let server: MockServer
        let connection: SiteConnection
        let dispatcher = Dispatcher()
        let comments: CommentsStore
        let filters: AnnotationFilterStore
        var query: CommentsQuery { CommentsQuery(site: connection.id) }

        init() throws {
            server = MockServer(MockConfiguration(seed: 1, siteCount: 1, commentsPerSite: 1))
            server.faults = MockFaults(latency: .seconds(3600))
            let site = try #require(server.sites.first)
            connection = SiteConnection(id: site.id, name: site.name,
                                        client: try WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet))
            comments = CommentsStore(sites: [connection], dispatcher: dispatcher, pageSize: CountsDuringLoadTests.pageSize,
                                     loadConcurrency: 4)
            filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher)
            dispatcher.dispatch(FilterAction.showSite(site.id))
        }

        var inFlight: [Int] { comments.state.requests.pagesInFlight(query).sorted() }

        /// Answers page `page` of `site` with the ticket the state holds for it.
        func answer(_ page: Int, of site: [CommentsKit.Comment]) throws {
            let ticket = try #require(comments.state.requests.fetches[query]?[page]?.id, "page \(page) is not in flight")
            let slice = Array(site[((page - 1) * CountsDuringLoadTests.pageSize)..<min(site.count, page * CountsDuringLoadTests.pageSize)])
            let answer = CommentPage(comments: slice, total: site.count,
                                     totalPages: (site.count + CountsDuringLoadTests.pageSize - 1) / CountsDuringLoadTests.pageSize)
            dispatcher.dispatch(CommentsAction.pageLoaded(query: query, page: page, ticket: ticket, result: .success(answer)))
        }
    }

    /// A site of `seeds.count` comments, newest first (id 1 newest), each one's status,
    /// author, post and parent (an older comment, or none) drawn from its seed.
    static func site(_ seeds: [Int]) -> [CommentsKit.Comment] {
        seeds.enumerated().map { index, seed in
            let id = index + 1
            let parent = seed % 3 == 0 && id + 1 + seed % 5 <= seeds.count ? id + 1 + seed % 5 : 0
            return CommentsKit.Comment(
                id: id, post: 1 + (seed / 7) % 3, parent: parent, author: 0, authorName: authors[(seed / 3) % authors.count],
                authorURL: "", date: Date(timeIntervalSinceReferenceDate: 700_000_000 - Double(id) * 3600),
                contentHTML: "<p>c\(id)</p>", link: "", status: [.approved, .hold, .spam, .trash][(seed / 11) % 4], type: "comment")
        }
    }

    /// The counts and match count of `filters`, per group and filter.
    static func counts(_ filters: AnnotationFilterStore) -> [[Int]] {
        filters.state.groups.map { $0.filters.map(\.count) } + [[filters.state.matchCount]]
    }

    /// The counts a filter store makes of `site` from scratch, all of it in one import, with
    /// `enabled` on.
    static func recount(_ site: [CommentsKit.Comment], connection: SiteConnection, enabled: [FilterCriterion]) -> [[Int]] {
        let dispatcher = Dispatcher()
        let comments = CommentsStore(sites: [connection], dispatcher: dispatcher)
        let filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher)
        dispatcher.dispatch(FilterAction.showSite(connection.id))
        dispatcher.dispatch(CommentsImported(site: connection.id, comments: site))
        for criterion in enabled { dispatcher.dispatch(FilterAction.toggle(criterion)) }
        return counts(filters)
    }

    @Test func pagesOfALoadUnderWayAreCountedOnceItEndsAndTheCountsEqualARecount() async {
        await propertyCheck(count: 40, input: Gen.int(in: 0...999).array(of: 21...80), Gen.int(in: 0...3).array(of: 8),
                            Gen.int(in: 0...31)) { seeds, choices, mask in
            do {
                try check(seeds: seeds, choices: choices, mask: mask)
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    /// Loads `seeds`' site, page 1 first, then each time one of the pages in flight picked
    /// by the next of `choices` (round and round), with the filters of `mask` on.
    private func check(seeds: [Int], choices: [Int], mask: Int) throws {
        let site = Self.site(seeds)
        let loading = try Loading()
        let enabled = Self.criteria.indices.filter { mask & (1 << $0) != 0 }.map { Self.criteria[$0] }
        for criterion in enabled { loading.dispatcher.dispatch(FilterAction.toggle(criterion)) }
        let receipt = loading.comments.query(loading.query)
        defer { receipt.cancel() }
        var next = 1, step = 0
        while true {
            let before = loading.filters.state.groups
            try loading.answer(next, of: site)
            guard loading.comments.state.fetch(loading.query).isLoading else { break }
            #expect(loading.filters.state.groups == before, "a page of a load under way is not counted on its own")
            let inFlight = loading.inFlight
            next = inFlight[choices[step % choices.count] % inFlight.count]
            step += 1
        }
        #expect(loading.comments.state.fetch(loading.query).isComplete)
        #expect(loading.filters.state.appliedRevision == loading.comments.state.comments(of: loading.connection.id).revision)
        #expect(Self.counts(loading.filters) == Self.recount(site, connection: loading.connection, enabled: enabled))
        #expect(loading.filters.state.groups.allSatisfy { $0.filters.allSatisfy { !$0.isLowerBound } },
                "every page is in: the counts are exact")
    }

    /// Any action that is not such a page brings the counts up to date, the load going on.
    @Test func theNextOtherActionCountsThePagesThatCameBeforeIt() throws {
        let site = Self.site(Array(0..<60))
        let loading = try Loading()
        let receipt = loading.comments.query(loading.query)
        defer { receipt.cancel() }
        try loading.answer(1, of: site)
        try loading.answer(3, of: site)
        #expect(loading.comments.state.fetch(loading.query).isLoading)
        #expect(loading.filters.state.matchCount == 0, "not counted yet")
        loading.dispatcher.dispatch(Nudge())
        let loaded = site.prefix(10) + site[20..<30]
        #expect(loading.filters.state.matchCount == loaded.filter { [.approved, .hold].contains($0.status) }.count)
        #expect(loading.filters.state.groups[0].filters.contains { $0.isLowerBound }, "the load goes on: lower bounds")
    }

    /// An action no store handles.
    private struct Nudge: Action {}
}
