import Testing
import Foundation
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// The site's counts per status (`X-WP-Total`), kept in ``CommentsState/counts``: asked
/// when a site opens, moved at once by moderation here, settled by the site's answer.
@MainActor
@Suite struct SiteCountsTests {
    /// What the mock holds, counted as wp-admin counts (`wp_count_comments()`: comments,
    /// pingbacks and trackbacks, never notes).
    func truth(_ fixture: StoreFixture) throws -> StatusCounts {
        let comments = try #require(fixture.server.comments(site: fixture.site))
        var counts = StatusCounts()
        for comment in comments where comment.type != "note" {
            guard let status = CommentStatus(rawValue: comment.status.rawValue) else { continue }
            counts[status] += 1
        }
        return counts
    }

    /// Opens the site as the app does (asks for its counts) and holds its query until the
    /// first page is in.
    func opened(_ fixture: StoreFixture) async throws -> Receipt {
        fixture.dispatcher.dispatch(CommentsAction.countStatuses(site: fixture.site))
        return try await fixture.load()
    }

    /// Waits until no counts request is on its way and no write awaits its settling answer.
    func countsSettled(_ fixture: StoreFixture) async throws {
        let site = fixture.site
        _ = try await fixture.comments.state { state in
            guard let counts = state.counts[site] else { return false }
            return state.writesInFlight == 0 && !counts.isAsking && counts.adjustments.isEmpty
        }
    }

    @Test func theSiteIsCountedWhenItOpensBeforeItsCommentsAreAllLoaded() async throws {
        let fixture = try StoreFixture(commentsPerSite: 60)
        let receipt = try await opened(fixture)
        try await countsSettled(fixture)
        #expect(fixture.comments.state.fetch(fixture.query).hasMore, "one page of 25 is loaded, of 60")
        let counts = try #require(fixture.comments.state.statusCounts(of: fixture.site))
        #expect(counts == (try truth(fixture)))
        // The 60 comments and the seed's last pingback and trackback; not its four notes.
        #expect(counts.approved + counts.hold + counts.spam + counts.trash == 62)
        #expect(fixture.comments.state.counts[fixture.site]?.askedAt == fixture.clock.date, "when it was asked is kept")
        _ = receipt
    }

    @Test func aModerationMovesTheCountsAtOnceAndTheSitesAnswerSettlesThem() async throws {
        let fixture = try StoreFixture()
        let receipt = try await opened(fixture)
        try await countsSettled(fixture)
        let before = try #require(fixture.comments.state.statusCounts(of: fixture.site))
        let pending = try #require(fixture.entry { $0.status == .hold })
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: pending.id, to: .approve))
        let moved = try #require(fixture.comments.state.statusCounts(of: fixture.site))
        #expect(moved.hold == before.hold - 1, "at once, before the site answers")
        #expect(moved.approved == before.approved + 1)
        try await countsSettled(fixture)
        let settled = try #require(fixture.comments.state.statusCounts(of: fixture.site))
        #expect(settled == (try truth(fixture)), "the site's own answer")
        #expect(settled == moved)
        #expect(fixture.comments.state.counts[fixture.site]?.lastTicket == 2, "asked again after the write")
        _ = receipt
    }

    @Test func aPermanentDeletionLeavesTheCountsAtOnce() async throws {
        let fixture = try StoreFixture()
        let receipt = try await opened(fixture)
        try await countsSettled(fixture)
        let before = try #require(fixture.comments.state.statusCounts(of: fixture.site))
        let spam = try #require(fixture.entry { $0.status == .spam })
        fixture.dispatcher.dispatch(CommentsAction.deletePermanently(site: fixture.site, id: spam.id))
        #expect(fixture.comments.state.statusCounts(of: fixture.site)?.spam == before.spam - 1)
        try await countsSettled(fixture)
        #expect(fixture.comments.state.statusCounts(of: fixture.site) == (try truth(fixture)))
        #expect(fixture.comments.state.statusCounts(of: fixture.site)?.spam == before.spam - 1)
        _ = receipt
    }

    @Test func aFailedWriteTakesItsMoveBack() async throws {
        let fixture = try StoreFixture()
        let receipt = try await opened(fixture)
        try await countsSettled(fixture)
        let before = try #require(fixture.comments.state.statusCounts(of: fixture.site))
        fixture.server.faults.failingRoutes = MockRoute.writes
        fixture.server.faults.failureRate = 1
        let approved = try #require(fixture.entry { $0.status == .approved })
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: approved.id))
        #expect(fixture.comments.state.statusCounts(of: fixture.site)?.trash == before.trash + 1, "moved at once")
        try await fixture.settled()
        #expect(fixture.comments.state.notice?.kind == .error, "the site refused")
        #expect(fixture.comments.state.statusCounts(of: fixture.site) == before, "back as the site has it")
        #expect(fixture.comments.state.counts[fixture.site]?.adjustments.isEmpty == true)
        _ = receipt
    }

    @Test func aReloadAsksForTheCountsAgain() async throws {
        let fixture = try StoreFixture()
        let receipt = try await opened(fixture)
        try await countsSettled(fixture)
        let other = try fixture.anotherModerator()
        let pending = try #require(fixture.entry { $0.status == .hold })
        _ = try await other.updateStatus(id: pending.id, to: .spam)
        fixture.dispatcher.dispatch(CommentsAction.refresh(fixture.query))
        _ = try await fixture.comments.state { ($0.counts[fixture.site]?.lastTicket ?? 0) == 2 }
        try await countsSettled(fixture)
        #expect(fixture.comments.state.statusCounts(of: fixture.site) == (try truth(fixture)), "what another moderator did shows")
        _ = receipt
    }

    @Test func theLastPageOfASiteAsksForTheCountsAgain() async throws {
        let fixture = try StoreFixture(commentsPerSite: 60)
        fixture.dispatcher.dispatch(CommentsAction.countStatuses(site: fixture.site))
        let receipt = try await fixture.loadAll()
        _ = try await fixture.comments.state { ($0.counts[fixture.site]?.lastTicket ?? 0) == 2 }
        try await countsSettled(fixture)
        #expect(fixture.comments.state.statusCounts(of: fixture.site) == (try truth(fixture)))
        _ = receipt
    }

    @Test func aFailedCountKeepsTheLastAnswerAndSaysWhy() async throws {
        let fixture = try StoreFixture()
        let receipt = try await opened(fixture)
        try await countsSettled(fixture)
        let before = fixture.comments.state.statusCounts(of: fixture.site)
        fixture.server.faults.failureRate = 1
        fixture.dispatcher.dispatch(CommentsAction.refresh(fixture.query))
        _ = try await fixture.comments.state { $0.counts[fixture.site]?.problem != nil }
        #expect(fixture.comments.state.statusCounts(of: fixture.site) == before)
        #expect(fixture.comments.state.counts[fixture.site]?.problem?.hasPrefix("Could not count the comments: ") == true)
        _ = receipt
    }

    // MARK: Settling, step by step

    /// A write that ended while a request was on its way is settled only by the request
    /// asked after it: the one on its way may have been counted before the write.
    @Test func anAnswerAskedBeforeAWriteEndedDoesNotSettleIt() {
        let counting = CountingReducer(connections: [:], now: { Date(timeIntervalSince1970: 0) })
        var state = CommentsState()
        var counts = SiteCounts()
        counts.server = StatusCounts([.hold: 3, .approved: 5])
        counts.lastTicket = 1
        counts.inFlight = (1, Date(timeIntervalSince1970: 0))
        counts.askAgain = true
        counts.adjustments = [CountAdjustment(operation: 7, from: .hold, to: .approved, settledBy: 2)]
        state.counts["s"] = counts
        _ = counting.loaded(site: "s", ticket: 1, result: .success(StatusCounts([.hold: 3, .approved: 5])), in: &state)
        #expect(state.statusCounts(of: "s") == StatusCounts([.hold: 2, .approved: 6]), "the move stays")
        #expect(state.counts["s"]?.adjustments.count == 1)
        // No client for "s" here: the asked-again request cannot start; answer it by hand.
        state.counts["s"]?.lastTicket = 2
        state.counts["s"]?.inFlight = (2, Date(timeIntervalSince1970: 1))
        _ = counting.loaded(site: "s", ticket: 2, result: .success(StatusCounts([.hold: 2, .approved: 6])), in: &state)
        #expect(state.statusCounts(of: "s") == StatusCounts([.hold: 2, .approved: 6]))
        #expect(state.counts["s"]?.adjustments.isEmpty == true, "settled by the answer asked after it")
        #expect(state.counts["s"]?.askedAt == Date(timeIntervalSince1970: 1))
    }

    @Test func anAnswerNoLongerAwaitedIsDropped() {
        let counting = CountingReducer(connections: [:], now: { Date(timeIntervalSince1970: 0) })
        var state = CommentsState()
        var counts = SiteCounts()
        counts.lastTicket = 3
        counts.inFlight = (3, Date(timeIntervalSince1970: 0))
        state.counts["s"] = counts
        _ = counting.loaded(site: "s", ticket: 2, result: .success(StatusCounts([.hold: 9])), in: &state)
        #expect(state.statusCounts(of: "s") == nil)
        #expect(state.counts["s"]?.isAsking == true)
    }

    @Test func nothingIsCountedUntilTheSiteIsOpened() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        #expect(fixture.comments.state.counts[fixture.site] == nil, "holding a query loads pages, it does not count")
        fixture.dispatcher.dispatch(CommentsAction.refresh(fixture.query))
        _ = try await fixture.comments.state { $0.fetch(fixture.query).phase == .loaded }
        #expect(fixture.comments.state.counts[fixture.site] == nil, "nor does a reload of a site never opened")
        _ = receipt
    }

    @Test func theCountsActionIsRecordedAndReadBack() throws {
        let action = CommentsAction.countsLoaded(site: "s", ticket: 4, result: .success(StatusCounts([.hold: 12, .spam: 3])))
        let data = try JSONEncoder().encode(action)
        #expect(try JSONDecoder().decode(CommentsAction.self, from: data) == action)
        let failed = CommentsAction.countsLoaded(site: "s", ticket: 5, result: .failure(.notLoggedIn))
        #expect(try JSONDecoder().decode(CommentsAction.self, from: JSONEncoder().encode(failed)) == failed)
    }
}
