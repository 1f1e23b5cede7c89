import Testing
import Foundation
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// The detail pane beside the list follows the cursor once the cursor rests: list moves
/// leave it where it was (holding `j` repaints only the list), `UIAction.settleDetail`
/// (the app's timer) or any other action brings it up to date. Nothing sleeps here: the
/// harness dispatches the settle action itself (`rest()`).
@MainActor
@Suite struct DetailLagTests {
    /// The comment number the detail pane shows ("… · comment #12").
    private func detailNumber(_ app: UIHarness) throws -> Int? {
        let detail = try #require(Layout(app.ui.state).detail)
        let text = (detail.y..<(detail.y + detail.height)).map { app.frame.canvas.line($0) }.joined(separator: "\n")
        guard let range = text.range(of: #"comment #[0-9]+"#, options: .regularExpression) else { return nil }
        return Int(text[range].dropFirst("comment #".count))
    }

    @Test func theDetailLagsBehindMovesAndCatchesUpAtRest() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let rows = app.ui.rows
        let first = rows[0].id
        #expect(app.ui.state.detailID == first, "a fresh start shows the cursor's comment")
        app.press(.character("j"), .character("j"))
        #expect(app.ui.state.cursor == rows[2].id)
        #expect(app.ui.state.detailID == first, "moves leave the detail pane where it was")
        #expect(!app.ui.state.isDetailSettled)
        #expect(try detailNumber(app) == first)
        app.rest()
        #expect(app.ui.state.detailID == rows[2].id)
        #expect(app.ui.state.isDetailSettled)
        #expect(try detailNumber(app) == rows[2].id)
    }

    @Test func commandsActOnTheCursorsCommentNotOnALaggingDetail() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let rows = app.ui.rows
        app.press(.character("j"))
        #expect(app.ui.state.detailID == rows[0].id)
        app.press(.character("d"))
        #expect(app.comments.state.comments(of: site)[rows[1].id]?.mark != nil || !app.ui.rows.contains { $0.id == rows[1].id },
                "d trashed the comment under the cursor")
        #expect(app.ui.rows.contains { $0.id == rows[0].id }, "not the one the detail pane showed")
        #expect(app.ui.state.isDetailSettled, "and the detail is current after it")
        try await app.settled()
    }

    @Test func anythingButAMoveBringsTheDetailUpToDateAtOnce() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        app.press(.character("j"), .character("j"))
        #expect(!app.ui.state.isDetailSettled)
        app.press(.tab)  // focus in the detail pane: it must show the cursor's comment
        #expect(app.ui.state.focus == .detail)
        #expect(app.ui.state.detailID == app.ui.state.cursor)
        app.press(.tab, .character("j"))
        #expect(!app.ui.state.isDetailSettled)
        app.press(.character("f"))  // a filter panel opening is not a move
        #expect(app.ui.state.isDetailSettled)
        app.press(.character("f"), .character("j"), .character("?"))
        #expect(app.ui.state.isDetailSettled, "nor is the help")
    }

    @Test func theSettleKeepsTheHintAndTheQuitQuestion() async throws {
        var faults = MockFaults()
        faults.routeLatency = [.deleteComment: .seconds(30)]
        let app = try UIHarness(width: 132, height: 40, faults: faults)
        try await app.start()
        app.press(.character("d"), .character("j"), .character("q"))
        #expect(app.ui.state.isQuitArmed)
        app.rest()
        #expect(app.ui.state.isQuitArmed, "the timer is not a key: a second q still quits")
        #expect(app.ui.state.hint?.contains("q again quits anyway") == true)
    }

    @Test func onANarrowTerminalTheDetailIsCurrentWhenItOpens() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        app.press(.character("j"), .character("j"))
        #expect(app.ui.state.isDetailSettled, "no detail pane on screen: nothing to defer")
        app.press(.enter)
        let cursor = try #require(app.ui.state.cursor)
        #expect(try detailNumber(app) == cursor)
        app.press(.character("j"))  // scrolls the open detail, never a stale one
        #expect(app.ui.state.detailID == cursor)
    }

    @Test func aDetailWhoseCommentLeftTheListFallsBackToTheCursor() async throws {
        var faults = MockFaults()
        faults.routeLatency = [.createComment: .milliseconds(200)]
        let app = try UIHarness(width: 132, height: 40, faults: faults)
        try await app.start()
        let site = try #require(app.ui.state.site)
        app.press(.character("r"))
        app.type("on its way")
        app.press(.control("s"))
        // The reply shows at once under a local id; the site's answer replaces it.
        let local = try #require(app.comments.state.comments(of: site).allEntries.first { $0.isLocal }?.id)
        let index = try #require(app.ui.rows.firstIndex { $0.id == local })
        app.press(.character("g"))
        for _ in 0..<index { app.press(.character("j")) }
        app.rest()
        #expect(app.ui.state.detailID == local)
        app.press(.character("j"))
        #expect(app.ui.state.detailID == local, "the detail lags on the reply being sent")
        _ = try await app.comments.state { $0.comments(of: site)[local] == nil }
        #expect(!app.ui.rows.contains { $0.id == local })
        #expect(app.ui.state.detailID == app.ui.state.cursor, "never a detail for a comment that is gone")
        #expect(try detailNumber(app) == app.ui.state.cursor)
    }

    @Test func theAppArmsItsTimerOnlyWhileTheDetailLags() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let screen = try NcursesScreen.headless(width: 132, height: 40)
        defer { screen.close() }
        // The harness's settle clock never moves: the settle is dispatched by hand.
        let terminal = TerminalApp(store: app.ui, screen: screen, now: { app.now })
        let site = try #require(app.ui.state.site)
        terminal.start(site: site, watchTerminal: false, onExit: { _ in })
        #expect(!terminal.isDetailSettlePending, "idle: no timer")
        terminal.handle(.character("j"))
        terminal.handle(.character("j"))
        #expect(terminal.isDetailSettlePending)
        app.rest()
        #expect(!terminal.isDetailSettlePending, "settled: the timer is gone")
        terminal.handle(.character("j"))
        #expect(terminal.isDetailSettlePending)
        terminal.handle(.tab)
        #expect(!terminal.isDetailSettlePending, "a key that is not a move settles at once")
        #expect(app.ui.state.detailID == app.ui.state.cursor)
    }
}
