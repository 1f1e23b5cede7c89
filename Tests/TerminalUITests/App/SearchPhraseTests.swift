import Foundation
import Testing
@testable import TerminalUI

/// Issue 29: `/` and a phrase longer than the search's 17-byte block ("Thanks for writing
/// this. The", the opening words of a seeded comment) killed parley (SIGILL: a range built
/// backwards in `CommentSearch.findByPairs`). Typed key by key into the search on the seed
/// data, each phrase now narrows the list to the comments that hold it.
@MainActor
@Suite struct SearchPhraseTests {
    @Test(arguments: ["Thanks for writing this. The", "less, but better and more"])
    func aPhraseLongerThanABlockNarrowsTheListToWhatHoldsIt(_ phrase: String) async throws {
        let app = try UIHarness(commentsPerSite: 200)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let entries = Dictionary(app.comments.state.comments(of: site).allEntries.map { ($0.id, $0) }) { first, _ in first }
        let listed = app.ui.rows.compactMap { entries[$0.row.id] }
        // Surrounding spaces are not searched for.
        func holding(_ typed: String) -> [Int] {
            let needle = typed.trimmingCharacters(in: .whitespaces)
            return listed.filter { $0.text.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
                || $0.authorName.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil }.map(\.id)
        }
        app.press(.character("/"))
        // Key by key: each prefix is searched, those past 17 bytes too.
        for (typed, character) in phrase.enumerated() {
            app.press(.character(character))
            let prefix = String(phrase.prefix(typed + 1))
            guard prefix.utf8.count >= 16 else { continue }
            #expect(Set(app.ui.rows.map(\.row.id)) == Set(holding(prefix)), "after \(prefix.debugDescription)")
        }
        #expect(app.filters.state.searchText == phrase)
        if phrase.hasPrefix("Thanks") { #expect(!holding("Thanks for writing this.").isEmpty, "seeded comments open with it") }
        app.press(.enter)
        #expect(app.filters.state.searchText == phrase)
    }
}
