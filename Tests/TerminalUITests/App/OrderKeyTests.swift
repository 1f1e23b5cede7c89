import Foundation
import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// `o` on screen: the list flat by date (newest, then oldest first), the header says so,
/// and the cursor keeps its comment through every change of order.
@MainActor
@Suite struct OrderKeyTests {
    @Test func oCyclesTheOrderKeepingTheCursorOnItsComment() async throws {
        let harness = try UIHarness(commentsPerSite: 40, sites: 1)
        try await harness.start()
        let site = try #require(harness.ui.state.site)
        for _ in 0..<7 { harness.press(.character("j")) }
        let cursor = try #require(harness.ui.state.cursor)
        let comments = harness.comments.state.comments(of: site)
        let threaded = harness.ui.rows.map(\.id)

        harness.press(.character("o"))
        #expect(harness.filters.state.order == .newestFirst)
        #expect(harness.ui.state.cursor == cursor)
        #expect(harness.ui.rows[harness.ui.state.cursorIndex].id == cursor)
        let dates = harness.ui.rows.compactMap { comments[$0.id]?.date }
        #expect(dates == dates.sorted(by: >))
        #expect(harness.screen.split(separator: "\n").first?.contains("sorted: newest first · ") == true)

        harness.press(.character("o"))
        #expect(harness.filters.state.order == .oldestFirst)
        #expect(harness.ui.rows[harness.ui.state.cursorIndex].id == cursor)
        #expect(harness.screen.split(separator: "\n").first?.contains("sorted: oldest first · ") == true)

        harness.press(.character("o"))
        #expect(harness.filters.state.order == .threaded)
        #expect(harness.ui.rows.map(\.id) == threaded)
        #expect(harness.ui.rows[harness.ui.state.cursorIndex].id == cursor)
        #expect(harness.screen.split(separator: "\n").first?.contains("sorted:") == false)
    }
}
