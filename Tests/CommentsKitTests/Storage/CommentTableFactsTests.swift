import Foundation
import Testing
@testable import CommentsKit

/// The table keeps what the edit context brings: the author's facts (interned) and the
/// source, stored once when it is the text itself.
@Suite struct CommentTableFactsTests {
    private func entry(id: Int, raw: String?, html: String, email: String?) -> CommentEntry {
        var comment = CommentsKit.Comment(id: id, post: 1, authorName: "A", date: Date(timeIntervalSince1970: 1_000_000),
                                          contentHTML: html, contentRaw: raw)
        comment.authorEmail = email
        comment.authorIP = email.map { _ in "203.0.113.1" }
        comment.authorUserAgent = email.map { _ in "UA" }
        return CommentEntry(comment)
    }

    @Test func factsAndSourcesReadBackAsWritten() {
        var table = CommentTable()
        let plain = entry(id: 1, raw: "Plain words", html: "<p>Plain words</p>\n", email: "a@example.com")
        let marked = entry(id: 2, raw: "<b>Bold</b> words", html: "<p><b>Bold</b> words</p>\n", email: "a@example.com")
        let viewed = entry(id: 3, raw: nil, html: "<p>Seen</p>\n", email: nil)
        for one in [plain, marked, viewed] { table.append(one) }
        #expect(table.entry(at: 0) == plain && plain.contentRaw == plain.text)
        #expect(table.entry(at: 1) == marked)
        #expect(table.entry(at: 2) == viewed && viewed.facts == nil && viewed.contentRaw == nil)
        #expect(table.facts(at: 0) == table.facts(at: 1))
        // A source that stops being the text is kept as itself.
        var changed = plain
        changed.contentRaw = "Plain words, edited"
        table.replace(at: 0, with: changed)
        #expect(table.entry(at: 0).contentRaw == "Plain words, edited")
    }
}
