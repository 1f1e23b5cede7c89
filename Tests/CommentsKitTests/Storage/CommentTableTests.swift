import Foundation
import Testing
@testable import CommentsKit

@Suite struct CommentTableTests {
    static func comment(_ id: Int, parent: Int = 0, post: Int = 7, author: String = "Zoë", link: String? = nil,
                        type: String = "comment", status: CommentStatus = .approved, html: String = "<p>Hello &amp; welcome</p>") -> CommentsKit.Comment {
        CommentsKit.Comment(id: id, post: post, parent: parent, author: id % 3, authorName: author, authorURL: "https://example.org/\(author)",
                date: Date(timeIntervalSinceReferenceDate: Double(id) * 60), contentHTML: html, contentRaw: nil,
                link: link ?? "https://example.org/post-\(post)/#comment-\(id)", status: status, type: type)
    }

    @Test func anEntryComesBackAsStored() {
        var table = CommentTable()
        var odd = CommentEntry(Self.comment(2, parent: 1, link: "https://example.org/?p=7&c=2", type: "pingback", status: .spam))
        odd.mark = .updating
        odd.isBeingDeleted = true
        odd.contentRaw = "raw *source*"
        let plain = CommentEntry(Self.comment(1))
        let emptyLink = CommentEntry(Self.comment(3, link: ""))
        for entry in [plain, odd, emptyLink] { table.append(entry) }
        #expect(table.count == 3)
        for entry in [plain, odd, emptyLink] {
            #expect(table.slot(of: entry.id).map(table.entry(at:)) == entry)
        }
    }

    @Test func moreThan255TypesStillComeBack() {
        var table = CommentTable()
        for id in 1...300 { table.append(CommentEntry(Self.comment(id, type: "type-\(id)"))) }
        for id in [1, 255, 256, 300] {
            #expect(table.slot(of: id).map { table.entry(at: $0).type } == "type-\(id)")
        }
    }

    @Test func replacingKeepsTheSlotAndChangesTheText() throws {
        var table = CommentTable()
        table.append(CommentEntry(Self.comment(1)))
        let slot = try #require(table.slot(of: 1))
        var entry = table.entry(at: slot)
        entry.update(Self.comment(1, status: .hold, html: "<p>Edited</p>"))
        table.replace(at: slot, with: entry)
        #expect(table.slot(of: 1) == slot)
        #expect(table.entry(at: slot).text == "Edited")
        #expect(table.entry(at: slot).status == .hold)
    }

    @Test func aRemovedCommentIsGoneAndItsSlotEmpty() throws {
        var table = CommentTable()
        for id in 1...3 { table.append(CommentEntry(Self.comment(id))) }
        let slot = try #require(table.slot(of: 2))
        table.remove(at: slot)
        #expect(table.count == 2 && table.slot(of: 2) == nil && !table.isLive(slot))
        #expect(table.slotCount == 3)
    }
}

@Suite struct SiteCommentsStorageTests {
    /// A few thousand comments of varied text, threaded, compressed past a tiny threshold.
    static func site(compressing: Bool) -> (SiteComments, [CommentsKit.Comment]) {
        let words = ["naïve", "Café", "東京", "tea", "NAIVE", "👩‍👩‍👧", "spam", "Zoë"]
        let authors = ["Ann", "Bob", "Zoë"]
        let comments = (1...3_000).map { (id: Int) -> CommentsKit.Comment in
            let html = "<p>" + words[id % words.count] + " number \(id) " + words[(id * 7) % words.count] + "</p>"
            return CommentTableTests.comment(id, parent: id % 4 == 0 ? id - 1 : 0, post: id % 9, author: authors[id % 3], html: html)
        }
        var site = SiteComments(textCompressionThreshold: compressing ? 16 * 1024 : Int.max)
        site.merge(comments)
        return (site, comments)
    }

    @Test(arguments: [false, true])
    func searchAgreesWithTheReferenceMatcher(compressing: Bool) throws {
        let (site, _) = Self.site(compressing: compressing)
        if compressing { #expect(site.textBytes.stored < site.textBytes.raw, "the text is compressed") }
        for needle in ["naive", "cafe", "東京", "zoe", "number 12", "nothing like this"] {
            let pattern = try #require(CommentSearch.Pattern(needle))
            let expected = site.rows.map { row in site[row.id].map { pattern.matches($0) } ?? false }
            #expect(site.rows(matching: pattern) == expected, "\(needle)")
        }
    }

    @Test func narrowingTestsOnlyTheCandidates() throws {
        let (site, _) = Self.site(compressing: true)
        let pattern = try #require(CommentSearch.Pattern("naive"))
        let all = site.rows(matching: pattern)
        let firstHalf = site.rows.indices.map { $0 < site.rows.count / 2 }
        let narrowed = site.rows(matching: pattern, among: firstHalf)
        #expect(narrowed == zip(all, firstHalf).map { $0 && $1 })
    }

    @Test func everyMergedCommentComesBackAsItsEntry() {
        let (site, comments) = Self.site(compressing: true)
        #expect(site.count == comments.count)
        for comment in comments { #expect(site[comment.id] == CommentEntry(comment)) }
        for (position, row) in site.rows.enumerated() { #expect(site.position(of: row.id) == position) }
    }
}

/// A million comments hold a million of each of these: their size is part of the memory
/// budget (see the README's Performance section), so growing one should be a decision.
@Suite struct RowSizeTests {
    @Test func perCommentRowsStayCompact() {
        #expect(MemoryLayout<ThreadRow>.stride == 8)
        #expect(MemoryLayout<VisibleRow>.stride == 16)
        #expect(MemoryLayout<TextLocation>.stride == 8)
    }
}
