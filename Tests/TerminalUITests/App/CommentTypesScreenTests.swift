import Testing
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// Pings on the screen (issue 28): the list holds the site's pingbacks and trackbacks beside
/// its comments, each row saying where it comes from, the detail pane naming the linking page
/// and its address, the keys moderating them, the Type group narrowing to them; the seed's
/// notes are nowhere.
@MainActor
@Suite struct CommentTypesScreenTests {
    /// Puts the cursor on the first row that satisfies `predicate`, from the top (the cursor
    /// kept its comment when the pings arrived after the first screen).
    private func moveTo(_ app: UIHarness, where predicate: (CommentEntry) -> Bool) throws -> CommentEntry {
        let site = try #require(app.ui.state.site)
        app.press(.character("g"))
        let index = try #require(app.ui.rows.firstIndex { app.comments.state.comments(of: site)[$0.id].map(predicate) ?? false })
        for _ in 0..<index { app.press(.character("j")) }
        let selected = try #require(app.selected)
        try #require(predicate(selected))
        return selected
    }

    @Test func pingsAreListedSayingWhereTheyComeFromAndNotesAreNot() async throws {
        let app = try UIHarness(width: 132, height: 40, listsPings: true)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let onSite = try #require(app.server.comments(site: site))
        let loaded = app.comments.state.comments(of: site)
        for ping in onSite where ping.type == "pingback" || ping.type == "trackback" {
            #expect(loaded[ping.id]?.commentType.isPing == true, "ping \(ping.id) is listed")
        }
        for note in onSite where note.type == "note" {
            #expect(loaded[note.id] == nil, "note \(note.id) is not")
        }
        #expect(app.screen.contains("pingback from "))
        #expect(app.screen.contains("trackback from "))
        // Every comment and ping of the site is loaded: the header counts them all.
        let listed = onSite.filter { $0.type != "note" }.count
        #expect(app.frame.canvas.line(0).contains(" of \(listed)"), "\(app.frame.canvas.line(0))")
    }

    @Test func theDetailPaneNamesTheLinkingPageAndTheKeysModerateAPing() async throws {
        let app = try UIHarness(width: 132, height: 40, listsPings: true)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let trackback = try moveTo(app) { $0.commentType == .trackback && $0.status == .hold }
        app.rest()
        #expect(app.screen.contains("Trackback from \(trackback.authorName)"))
        #expect(app.screen.contains("from \(trackback.authorURL)"))
        let pendingBefore = try #require(app.comments.state.statusCounts(of: site)).hold
        app.press(.character("a"))
        _ = try await app.comments.state { $0.writesInFlight == 0 }
        #expect(app.server.comment(site: site, id: trackback.id)?.status == .approved)
        #expect(app.comments.state.statusCounts(of: site)?.hold == pendingBefore - 1, "the badge counts the ping, as wp-admin's")
    }

    @Test func theTypeGroupCountsAndNarrowsToThePings() async throws {
        let app = try UIHarness(width: 132, height: 40, listsPings: true)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let shown = app.comments.state.comments(of: site).allEntries.filter { $0.status == .approved || $0.status == .hold }
        let pings = shown.filter { $0.commentType.isPing }.count
        #expect(app.filters.state.filter(.kind(.pings))?.count == pings)
        #expect(app.filters.state.filter(.kind(.comments))?.count == shown.count - pings)
        app.dispatcher.dispatch(FilterAction.toggle(.kind(.pings)))
        app.press(.character("f"))
        #expect(app.frame.canvas.line(0).contains("FILTERED"))
        #expect(app.frame.canvas.line(0).contains(" \(pings) shown"))
        #expect(app.ui.rows.allSatisfy { app.comments.state.comments(of: site)[$0.id]?.commentType.isPing == true })
    }
}
