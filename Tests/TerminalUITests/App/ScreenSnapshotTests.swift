import Testing
import Foundation
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// Whole screens as text, at 80×24 and 132×40, compared with the files in
/// `Tests/TerminalUITests/Snapshots/` (open them to see what users see).
@MainActor
@Suite struct ScreenSnapshotTests {
    nonisolated static let sizes = [(80, 24), (132, 40)]

    func harness(_ size: (Int, Int)) async throws -> UIHarness {
        let app = try UIHarness(width: size.0, height: size.1)
        try await app.start()
        return app
    }

    @Test(arguments: sizes) func list(_ size: (Int, Int)) async throws {
        let app = try await harness(size)
        app.press(.character("j"), .character("j"))
        app.rest()  // at 132 columns the detail pane beside the list follows once keys stop
        try await app.factsSettled()  // the detail pane's address histories are in
        Snapshot.assert(app.screen, named: "list-\(size.0)x\(size.1)")
    }

    @Test(arguments: sizes) func detail(_ size: (Int, Int)) async throws {
        let app = try await harness(size)
        app.press(.character("j"), .enter)
        try await app.factsSettled()  // the detail pane's address histories are in
        Snapshot.assert(app.screen, named: "detail-\(size.0)x\(size.1)")
    }

    @Test(arguments: sizes) func filterPanel(_ size: (Int, Int)) async throws {
        let app = try await harness(size)
        app.press(.character("f"), .character("j"), .character("j"), .character(" "))  // opens on Approved; Spam
        try await app.factsSettled()  // the detail pane's address histories are in
        Snapshot.assert(app.screen, named: "filters-\(size.0)x\(size.1)")
    }

    @Test(arguments: sizes) func help(_ size: (Int, Int)) async throws {
        let app = try await harness(size)
        app.press(.character("?"))
        try await app.factsSettled()  // the detail pane's address histories are in
        Snapshot.assert(app.screen, named: "help-\(size.0)x\(size.1)")
    }

    @Test(arguments: sizes) func confirmDialog(_ size: (Int, Int)) async throws {
        let app = try await harness(size)
        app.press(.character("D"))
        try await app.factsSettled()  // the detail pane's address histories are in
        Snapshot.assert(app.screen, named: "confirm-\(size.0)x\(size.1)")
    }

    @Test(arguments: sizes) func replyEditor(_ size: (Int, Int)) async throws {
        let app = try await harness(size)
        app.press(.character("j"), .character("r"))
        app.type("Thank you! 谢谢 — I’ll fix the recipe.")
        app.press(.enter)
        app.type("Best, the editor")
        try await app.factsSettled()  // the detail pane's address histories are in
        Snapshot.assert(app.screen, named: "reply-\(size.0)x\(size.1)")
        let cursor = try #require(app.frame.cursor)
        #expect(app.frame.canvas.line(cursor.y).contains("Best, the editor"), "the text cursor sits on the line being typed")
    }

    @Test(arguments: sizes) func errorStatus(_ size: (Int, Int)) async throws {
        let app = try await harness(size)
        app.server.faults.failureRate = 1
        app.press(.character("d"))
        try await app.settled()
        try await app.factsSettled()  // the detail pane's address histories are in
        Snapshot.assert(app.screen, named: "error-\(size.0)x\(size.1)")
    }

    @Test func tooSmall() async throws {
        let app = try UIHarness(width: 30, height: 8)
        try await app.start()
        Snapshot.assert(app.screen, named: "too-small-30x8")
    }

    @Test func hostileTextIsDefused() async throws {
        let app = try UIHarness(width: 100, height: 12)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let parent = try #require(app.selected)
        let hostile = "\u{1B}[2J\u{1B}]0;owned\u{07}wide 表表 and 👩‍👩‍👧 \u{202E}gnp.exe\u{202C} C1\u{9B}31m \r\u{08}end \u{1B}P+q\u{1B}\\ ok"
        app.dispatcher.dispatch(CommentsAction.reply(site: site, post: parent.post, parent: parent.id, text: hostile))
        try await app.settled()
        app.press(.character("j"), .enter)
        try await app.factsSettled()
        let screen = app.screen
        for forbidden in ["\u{1B}", "\u{07}", "\u{202E}", "\u{9B}", "\r", "\u{08}"] {
            #expect(!screen.contains(forbidden))
        }
        Snapshot.assert(screen, named: "hostile-100x12")
    }
}
