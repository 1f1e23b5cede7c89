import Foundation
import Testing
import CommentsKit
@testable import TerminalUI

/// Esc in Quick Edit (`e`): with nothing changed there is nothing to lose, so the editor
/// closes without the discard question; with a change it still asks (nothing typed is
/// ever lost).
@MainActor
@Suite struct QuickEditEscTests {
    /// Moves to the first comment `predicate` accepts and opens Quick Edit on it.
    private func editSomeoneElses(_ app: UIHarness) async throws -> Composer {
        let site = try #require(app.ui.state.site)
        let me = try #require(app.comments.state.currentUsers[site])
        let index = try #require(app.ui.rows.firstIndex { app.comments.state.comments(of: site)[$0.id]?.author != me.id })
        for _ in 0..<index { app.press(.character("j")) }
        try await app.edit()
        guard case .compose(let composer) = app.ui.state.mode else { throw QuickEditNotOpened() }
        return composer
    }

    private struct QuickEditNotOpened: Error {}

    @Test func escWithNothingChangedClosesWithoutAsking() async throws {
        let app = try UIHarness(height: 40)
        try await app.start()
        _ = try await editSomeoneElses(app)
        app.press(.escape)
        #expect(app.ui.state.mode == .normal, "nothing changed: no discard question")
        #expect(!app.screen.contains("Discard"))
    }

    @Test func escAfterAMoveButNoChangeClosesWithoutAsking() async throws {
        let app = try UIHarness(height: 40)
        try await app.start()
        _ = try await editSomeoneElses(app)
        app.press(.down, .down, .control("e"))
        app.press(.escape)
        #expect(app.ui.state.mode == .normal, "moving the cursor changes nothing")
    }

    @Test func escAfterAChangeStillAsks() async throws {
        let app = try UIHarness(height: 40)
        try await app.start()
        _ = try await editSomeoneElses(app)
        app.type("x")
        app.press(.escape)
        guard case .compose(let asking) = app.ui.state.mode else {
            Issue.record("Esc after a change closed the editor")
            return
        }
        #expect(asking.isConfirmingDiscard)
    }

    @Test func escAfterAChangeUndoneByHandClosesWithoutAsking() async throws {
        let app = try UIHarness(height: 40)
        try await app.start()
        _ = try await editSomeoneElses(app)
        app.type("x")
        app.press(.backspace)
        app.press(.escape)
        #expect(app.ui.state.mode == .normal, "the text is as it opened: nothing to lose")
    }
}
