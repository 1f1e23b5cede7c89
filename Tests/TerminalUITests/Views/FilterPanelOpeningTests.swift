import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// `f` opens the panel on toggles: Status open, the cursor on its first toggle (five
/// closed headings asked for an Enter first); a group opened stays open next time.
@MainActor
@Suite struct FilterPanelOpeningTests {
    @Test func theFirstFOpensStatusWithTheCursorOnItsFirstToggle() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        app.press(.character("f"))
        #expect(app.filters.state.selectedGroup == .status)
        #expect(app.ui.state.filterCursorID == .filter(.status(.approved)))
        #expect(app.screen.contains("[ ] Approved"))
        app.press(.character(" "))
        #expect(app.filters.state.enabled == [.status(.approved)], "Space toggles at once")
    }

    @Test func theGroupOpenedLastIsOpenNextTime() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        app.press(.character("f"))
        for _ in 0..<4 { app.press(.character("j")) }  // Pending … Trash, then the Thread heading
        app.press(.enter)  // Thread opens
        #expect(app.filters.state.selectedGroup == .thread)
        app.press(.character("f"), .character("f"))  // close and open again
        #expect(app.filters.state.selectedGroup == .thread)
        let rows = FilterPanelRow.rows(for: app.filters.state)
        guard case .filter(let filter) = rows[app.ui.state.filterCursor] else {
            Issue.record("the cursor is on a heading")
            return
        }
        #expect(filter.id.group == .thread)
    }
}
