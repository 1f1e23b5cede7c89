import Foundation
import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// The first screen stays put (issue 27): until the user moves, the view stays at the top
/// of the list while the site's pages arrive. On the mock's seed 4 the newest comment is a
/// reply to an old thread: it heads the list until its thread loads, and the cursor used
/// to follow it there, taking the view into the middle of the list.
@MainActor
@Suite struct FirstScreenTests {
    /// Seed 4, 300 comments (what `make run ARGS="--seed 4"` shows), loaded a page of 25 at
    /// a time in the background.
    private func harness() throws -> UIHarness {
        try UIHarness(width: 100, height: 24, commentsPerSite: 300, sites: 1, loadConcurrency: 2, seed: 4, pageSize: 25)
    }

    /// Shows the site and waits until the first page is in, then until all of it is.
    private func load(_ harness: UIHarness) async throws -> (firstRow: Int, query: CommentsQuery) {
        let site = try #require(harness.server.sites.first).id
        harness.dispatcher.dispatch(UIAction.showSite(site))
        let query = try #require(harness.ui.currentQuery)
        let receipt = harness.comments.query(query)
        _ = try await harness.comments.state { $0.fetch(query).pagesLoaded >= 1 }
        harness.dispatcher.dispatch(UIAction.frame)
        let first = try #require(harness.ui.state.cursor)
        _ = try await harness.comments.state { !$0.fetch(query).isLoading && !$0.fetch(query).hasMore }
        harness.dispatcher.dispatch(UIAction.frame)
        withExtendedLifetime(receipt) {}
        return (first, query)
    }

    @Test func theViewStaysAtTheTopWhileTheSiteLoads() async throws {
        let harness = try harness()
        let (firstRow, _) = try await load(harness)
        // The scenario: the comment that headed the first page is no longer first once
        // its thread loaded (a reply to an old thread).
        let rows = harness.ui.rows
        #expect(rows.first?.id != firstRow, "seed 4's newest comment replies to an older thread")
        #expect(harness.ui.state.cursorIndex == 0)
        #expect(harness.ui.state.scrollTop == 0)
        #expect(harness.ui.state.cursor == rows.first?.id)
        #expect(!harness.ui.state.holdsFirstScreen, "the load is in: from now on the cursor follows its comment")
    }

    @Test func aKeyEndsTheHoldAndTheCursorFollowsItsCommentAgain() async throws {
        let harness = try harness()
        let site = try #require(harness.server.sites.first).id
        harness.dispatcher.dispatch(UIAction.showSite(site))
        let query = try #require(harness.ui.currentQuery)
        let receipt = harness.comments.query(query)
        _ = try await harness.comments.state { $0.fetch(query).pagesLoaded >= 1 }
        harness.dispatcher.dispatch(UIAction.frame)
        harness.press(.character("j"))
        #expect(!harness.ui.state.holdsFirstScreen)
        let cursor = harness.ui.state.cursor
        _ = try await harness.comments.state { !$0.fetch(query).isLoading && !$0.fetch(query).hasMore }
        harness.dispatcher.dispatch(UIAction.frame)
        #expect(harness.ui.state.cursor == cursor, "a user who moved keeps their comment")
        receipt.cancel()
    }

    /// Issue 28: one list arrived after the other with a newer row, and the untouched
    /// cursor went to that new top row while the detail pane still showed the row it was
    /// on: `d` trashed what the user was not looking at. Here the pings' list is in first and
    /// a comment newer than every ping arrives with the comments' list.
    @Test func aRowArrivingAboveLeavesTheCursorOnTheRowShown() async throws {
        let app = try UIHarness(width: 132, height: 40, listsPings: true)
        let site = try #require(app.server.sites.first).id
        app.dispatcher.dispatch(UIAction.showSite(site))
        let queries = app.ui.currentQueries
        let commentsQuery = try #require(queries.first { $0.kind == .comments })
        let pingsQuery = try #require(queries.first { $0.kind == .pings })
        var receipts = [app.comments.query(pingsQuery)]
        _ = try await app.comments.state { !$0.fetch(pingsQuery).isLoading && $0.fetch(pingsQuery).pagesLoaded > 0 }
        app.dispatcher.dispatch(UIAction.frame)
        app.rest()
        let shown = try #require(app.ui.state.cursor)
        #expect(app.ui.state.detailID == shown)
        _ = app.server.addVisitorComments()
        receipts.append(app.comments.query(commentsQuery))
        _ = try await app.comments.state { !$0.fetch(commentsQuery).isLoading && $0.fetch(commentsQuery).pagesLoaded > 0 }
        app.dispatcher.dispatch(UIAction.frame)
        let rows = app.ui.rows
        try #require(rows.first?.id != shown, "the visitor's comment is newer than every ping: it heads the list")
        #expect(app.ui.state.cursor == shown)
        #expect(app.ui.state.scrollTop == 0, "the first screen stays at the top")
        app.press(.character("d"))
        _ = try await app.comments.state { $0.writesInFlight == 0 }
        #expect(app.server.comment(site: site, id: shown)?.status == .trash)
        #expect(app.server.comment(site: site, id: rows[0].id)?.status != .trash)
        withExtendedLifetime(receipts) {}
    }
}
