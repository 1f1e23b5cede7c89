import Testing
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// The filter panel before a site is all loaded: the Status counts are the site's, exact;
/// a count that covers only the loaded comments reads `≥12`; `?` explains the mark.
@MainActor
@Suite struct FilterCountMarkTests {
    /// A site of 250 comments with its first page of 100 loaded, the panel's Status open.
    func panel() async throws -> UIHarness {
        let app = try UIHarness(width: 80, height: 16, commentsPerSite: 250)
        try await app.start()
        app.press(.character("f"))
        return app
    }

    @Test func theSitesCountsAreExactBeforeEverythingIsLoaded() async throws {
        let app = try await panel()
        Snapshot.assert(app.screen, named: "filter-counts-site-80x16")
        let site = try #require(app.ui.state.site)
        let pending = try #require(app.comments.state.statusCounts(of: site)).hold
        let line = try #require(app.screen.split(separator: "\n").first { $0.contains("[ ] Pending") })
        #expect(line.contains(" \(pending)│"), "the site's number")
        #expect(!app.screen.contains("≥"), "exact: no mark")
    }

    @Test func aSearchLeavesLowerBoundsMarked() async throws {
        let app = try await panel()
        app.dispatcher.dispatch(FilterAction.setSearch("the"))
        Snapshot.assert(app.screen, named: "filter-counts-search-80x16")
        #expect(app.screen.contains("≥"))
    }

    @Test func theHelpOfThePanelExplainsTheMark() async throws {
        let app = try await panel()
        app.press(.character("?"), .character("/"))  // the legend follows the keys: search for it
        for character in "at least" { app.press(.character(character)) }
        app.press(.enter)
        #expect(app.screen.contains("≥12"))
        #expect(app.screen.contains("at least 12"))
    }
}
