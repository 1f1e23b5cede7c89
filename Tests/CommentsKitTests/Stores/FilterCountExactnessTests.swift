import Testing
import Foundation
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// The Status filters count what the site has, before it is all loaded; a count that
/// covers only the loaded comments says so (``Filter/isLowerBound``); once everything of
/// a status is loaded, the loaded count is exact.
@MainActor
@Suite struct FilterCountExactnessTests {
    /// A site of 60 comments with its first page of 25 loaded, shown by the filters;
    /// `opened`: counted by the site as the app does when it starts.
    func firstPage(opened: Bool) async throws -> (StoreFixture, Receipt) {
        let fixture = try StoreFixture(commentsPerSite: 60)
        if opened { fixture.dispatcher.dispatch(CommentsAction.countStatuses(site: fixture.site)) }
        let receipt = try await fixture.load()
        if opened { _ = try await fixture.comments.state { $0.counts[fixture.site].map { !$0.isAsking } ?? false } }
        fixture.dispatcher.dispatch(FilterAction.showSite(fixture.site))
        return (fixture, receipt)
    }

    func statusFilter(_ fixture: StoreFixture, _ status: CommentStatus) throws -> Filter {
        try #require(fixture.filters.state.filter(.status(status)))
    }

    func loaded(_ fixture: StoreFixture, _ status: CommentStatus) -> Int {
        fixture.siteComments.allEntries.filter { $0.status == status && !$0.isLocal }.count
    }

    @Test func theStatusCountsAreTheSitesBeforeEverythingIsLoaded() async throws {
        let (fixture, receipt) = try await firstPage(opened: true)
        let site = try #require(fixture.comments.state.statusCounts(of: fixture.site))
        #expect(fixture.comments.state.fetch(fixture.query).hasMore)
        for status in CommentStatus.allCases {
            let filter = try statusFilter(fixture, status)
            #expect(filter.count == site[status], "\(status): the site's number")
            #expect(!filter.isLowerBound, "\(status): exact")
        }
        #expect(try statusFilter(fixture, .approved).count > loaded(fixture, .approved), "more than what is loaded")
        let author = try #require(fixture.filters.state.group(.author)?.filters.first)
        #expect(author.isLowerBound, "the other groups count what is loaded: at least")
        _ = receipt
    }

    @Test func withoutTheSitesCountsTheLoadedCountsAreLowerBounds() async throws {
        let (fixture, receipt) = try await firstPage(opened: false)
        for status in [CommentStatus.approved] {
            let filter = try statusFilter(fixture, status)
            #expect(filter.count == loaded(fixture, status))
            #expect(filter.isLowerBound)
        }
        _ = receipt
    }

    @Test func aSearchMakesTheStatusCountsLowerBoundsUnlessTheStatusIsAllLoaded() async throws {
        let (fixture, receipt) = try await firstPage(opened: true)
        let site = try #require(fixture.comments.state.statusCounts(of: fixture.site))
        fixture.dispatcher.dispatch(FilterAction.setSearch("a"))
        for status in CommentStatus.allCases {
            let filter = try statusFilter(fixture, status)
            let allLoaded = loaded(fixture, status) >= site[status]
            #expect(filter.isLowerBound == !allLoaded, "\(status): \(loaded(fixture, status)) of \(site[status]) loaded")
            #expect(filter.count <= loaded(fixture, status), "\(status): what the search finds among the loaded")
        }
        #expect(try statusFilter(fixture, .approved).isLowerBound, "approved is not all loaded")
        _ = receipt
    }

    @Test func onceEverythingIsLoadedEveryCountIsExactAndMatchesTheSite() async throws {
        let fixture = try StoreFixture(commentsPerSite: 60)
        fixture.dispatcher.dispatch(CommentsAction.countStatuses(site: fixture.site))
        // Comments and pings, as the interface lists them: the site's counts hold both.
        let pings = CommentsQuery(site: fixture.site, kind: .pings)
        let pingsReceipt = fixture.comments.query(pings)
        let receipt = try await fixture.loadAll()
        fixture.dispatcher.dispatch(FilterAction.showSite(fixture.site))
        _ = try await fixture.comments.state { $0.counts[fixture.site].map { !$0.isAsking } ?? false }
        _ = try await fixture.comments.state { $0.fetch(pings).phase == .loaded && !$0.fetch(pings).hasMore }
        defer { pingsReceipt.cancel() }
        let site = try #require(fixture.comments.state.statusCounts(of: fixture.site))
        for group in fixture.filters.state.groups {
            for filter in group.filters { #expect(!filter.isLowerBound, "\(filter.id)") }
        }
        for status in CommentStatus.allCases {
            #expect(try statusFilter(fixture, status).count == site[status], "\(status)")
            #expect(loaded(fixture, status) == site[status])
        }
        _ = receipt
    }

    @Test func theCountsFollowTheSitesAnswerWithoutAnyCommentChanging() async throws {
        let fixture = try StoreFixture(commentsPerSite: 60)
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(FilterAction.showSite(fixture.site))
        #expect(try statusFilter(fixture, .approved).isLowerBound)
        fixture.dispatcher.dispatch(CommentsAction.countStatuses(site: fixture.site))
        _ = try await fixture.filters.state { !($0.filter(.status(.approved))?.isLowerBound ?? true) }
        let site = try #require(fixture.comments.state.statusCounts(of: fixture.site))
        #expect(try statusFilter(fixture, .approved).count == site.approved)
        _ = receipt
    }
}
