import Testing
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// The filter panel's Author group lists the most frequent authors; `/` there opens a
/// small finder ("Author: …") that lists any author whose name holds what is typed.
@MainActor
@Suite struct AuthorFinderTests {
    /// A site of 250 comments, the panel open with the cursor on the expanded Author group.
    func panelOnAuthors() async throws -> UIHarness {
        let app = try UIHarness(width: 80, height: 16, commentsPerSite: 250)
        try await app.start()
        // The panel opens on Status's first toggle: past its four, Thread, then Author.
        app.press(.character("f"))
        for _ in 0..<5 { app.press(.character("j")) }
        app.press(.enter)
        return app
    }

    /// The loaded author with the fewest comments (ties by name): not among the listed.
    func rareAuthor(_ app: UIHarness) throws -> String {
        let site = try #require(app.ui.state.site)
        var counts: [String: Int] = [:]
        for entry in app.comments.state.comments(of: site).allEntries { counts[entry.authorName, default: 0] += 1 }
        return try #require(counts.min { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }?.key)
    }

    func listedAuthors(_ app: UIHarness) -> [String] {
        app.filters.state.group(.author)?.filters.compactMap { filter -> String? in
            if case .author(let name) = filter.id { return name } else { return nil }
        } ?? []
    }

    @Test func slashOnTheAuthorGroupFindsAnAuthorBeyondTheMostFrequent() async throws {
        let app = try await panelOnAuthors()
        let rare = try rareAuthor(app)
        #expect(!listedAuthors(app).contains(rare), "not among the most frequent")
        app.press(.character("/"))
        app.type(rare)
        #expect(listedAuthors(app).contains(rare))
        #expect(app.screen.contains("Author: \(rare)"))
        #expect(app.filters.state.searchText.isEmpty, "the comments are not searched")
        Snapshot.assert(app.screen, named: "filter-author-finder-80x16")
        // Kept, then toggled like any listed author: the list shows their comments only.
        app.press(.enter, .character("j"), .character(" "))
        #expect(app.filters.state.filter(.author(rare))?.isEnabled == true)
        let site = try #require(app.ui.state.site)
        let shown = app.visible.rows(site: site).compactMap { app.comments.state.comments(of: site)[$0.id]?.authorName }
        #expect(!shown.isEmpty && shown.allSatisfy { $0 == rare })
    }

    @Test func escapePutsTheMostFrequentBack() async throws {
        let app = try await panelOnAuthors()
        let before = listedAuthors(app)
        app.press(.character("/"))
        app.type("zzzz")
        #expect(listedAuthors(app).isEmpty)
        app.press(.escape)
        #expect(app.filters.state.authorQuery.isEmpty)
        #expect(listedAuthors(app) == before)
    }

    @Test func slashElsewhereInThePanelSearchesTheComments() async throws {
        let app = try UIHarness(width: 80, height: 16, commentsPerSite: 250)
        try await app.start()
        app.press(.character("f"), .character("/"))
        app.type("the")
        #expect(app.filters.state.searchText == "the")
        #expect(app.filters.state.authorQuery.isEmpty)
    }
}
