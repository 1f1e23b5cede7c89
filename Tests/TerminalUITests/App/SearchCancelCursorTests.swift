import Foundation
import Testing
@testable import TerminalUI

/// Esc in the search prompt gives up the search and, as less, tig and neomutt do, puts
/// the cursor back on the comment it was on before `/` — at the same screen row — rather
/// than where the narrowed list left it. Enter keeps the search and the cursor.
@MainActor
@Suite struct SearchCancelCursorTests {
    @Test func escPutsTheCursorBackOnItsCommentAtItsScreenRow() async throws {
        let app = try UIHarness(commentsPerSite: 60)
        try await app.start()
        for _ in 0..<30 { app.press(.character("j")) }
        let before = try #require(app.selected?.id)
        let row = app.ui.state.cursorIndex - app.ui.state.scrollTop
        // The first comment's author: the narrowed list starts with that comment.
        app.press(.character("g"))
        let needle = try #require(app.selected?.authorName)
        for _ in 0..<30 { app.press(.character("j")) }
        #expect(app.selected?.id == before)
        app.press(.character("/"))
        app.type(needle)
        #expect(app.selected?.id != before, "the narrowed list moved the cursor")
        app.press(.escape)
        #expect(app.filters.state.searchText.isEmpty)
        #expect(app.selected?.id == before, "the cursor is back on its comment")
        #expect(app.ui.state.cursorIndex - app.ui.state.scrollTop == row, "…at its screen row")
    }

    @Test func enterKeepsTheSearchAndWhereTheCursorWent() async throws {
        let app = try UIHarness(commentsPerSite: 60)
        try await app.start()
        for _ in 0..<30 { app.press(.character("j")) }
        let needle = try #require(app.selected?.authorName)
        app.press(.character("/"))
        app.type("zz")
        app.press(.control("u"))
        app.type(String(needle.prefix(3)))
        let firstMatch = try #require(app.ui.rows.first?.id)
        app.press(.enter)
        #expect(app.filters.state.searchText == String(needle.prefix(3)))
        #expect(app.selected?.id == firstMatch, "the cursor stays where the search put it")
    }

    /// `/`, Ctrl-U, Enter clears a search: the cursor stays on the comment it was on, as
    /// Esc leaves it, rather than going to the top of the whole list.
    @Test func clearingTheSearchKeepsTheCursorOnItsComment() async throws {
        let app = try UIHarness(commentsPerSite: 60)
        try await app.start()
        let needle = try #require(app.selected?.authorName)
        app.press(.character("/"))
        app.type(needle)
        app.press(.enter)
        let matches = app.ui.rows.count
        try #require(matches > 1 && matches < 60, "a search that narrows the list")
        app.press(.character("j"))
        let before = try #require(app.selected?.id)
        app.press(.character("/"), .control("u"))
        #expect(app.ui.rows.count > matches, "the whole list is back while typing")
        #expect(app.selected?.id == before, "with the cursor on its comment")
        app.press(.enter)
        #expect(app.filters.state.searchText.isEmpty)
        #expect(app.selected?.id == before, "and Enter keeps it there")
    }
}
