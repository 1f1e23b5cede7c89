import Foundation
import Testing
@testable import CommentsKit

/// Pages merged one by one, in any order, thread their comments in place
/// (``SiteComments/merge(_:window:keepingLocal:)`` without a rebuild): the rows, positions
/// and facts must equal a rebuild from scratch after every page.
@Suite struct SiteCommentsIncrementalMergeTests {
    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// A site of `count` comments: replies newer than their parent, as WordPress makes them,
    /// some replying to a comment that is not on the site at all, some at the same second.
    private static func site(count: Int, seed: UInt64) -> [CommentsKit.Comment] {
        var random = Generator(state: seed)
        var comments: [CommentsKit.Comment] = []
        for id in 1...count {
            let parent: Int
            switch random.next(10) {
            case 0..<4: parent = 0
            case 4: parent = count + 1 + random.next(5)  // never arrives
            default: parent = id > 1 ? 1 + random.next(id - 1) : 0
            }
            comments.append(CommentsKit.Comment(
                id: id, post: random.next(4), parent: parent, author: 0, authorName: "author \(random.next(7))",
                authorURL: "", date: Date(timeIntervalSinceReferenceDate: Double(id / 3) * 60),
                contentHTML: "<p>comment \(id)</p>", link: "", status: CommentStatus.allCases[random.next(4)], type: "comment"))
        }
        return comments
    }

    private static func pages(of comments: [CommentsKit.Comment], size: Int) -> [[CommentsKit.Comment]] {
        let newestFirst = comments.sorted { ($0.date, $0.id) > ($1.date, $1.id) }
        return stride(from: 0, to: newestFirst.count, by: size).map { Array(newestFirst[$0..<min($0 + size, newestFirst.count)]) }
    }

    private static func expectSameAsRebuilt(_ site: SiteComments, note: String) {
        let rebuilt = site.rebuiltFromScratch()
        #expect(site.rows == rebuilt.rows, "rows \(note)")
        #expect(site.facts.flags == rebuilt.facts.flags, "flags \(note)")
        #expect(site.facts.status == rebuilt.facts.status, "status \(note)")
        #expect(site.facts.author == rebuilt.facts.author, "authors \(note)")
        #expect(site.facts.post == rebuilt.facts.post, "posts \(note)")
        #expect(site.facts.date == rebuilt.facts.date, "dates \(note)")
        for (row, thread) in site.rows.enumerated() where site.position(of: thread.id) != row {
            Issue.record("position of \(thread.id) is not \(row) \(note)")
            return
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func pagesInAnyOrderThreadLikeARebuild(seed: UInt64) {
        let pages = Self.pages(of: Self.site(count: 600, seed: seed), size: 40)
        var random = Generator(state: seed &+ 99)
        var order = Array(pages.indices)
        for index in order.indices.reversed() { order.swapAt(index, random.next(index + 1)) }
        var site = SiteComments()
        for (step, page) in order.enumerated() {
            site.merge(pages[page])
            Self.expectSameAsRebuilt(site, note: "after page \(page) (step \(step), seed \(seed))")
        }
        #expect(site.count == 600)
    }

    @Test func pagesNewestFirstThreadLikeARebuild() {
        var site = SiteComments()
        for (page, comments) in Self.pages(of: Self.site(count: 500, seed: 7), size: 50).enumerated() {
            site.merge(comments)
            Self.expectSameAsRebuilt(site, note: "after page \(page)")
        }
    }

    @Test func aReplyThatArrivedFirstMovesUnderItsParentWhenTheParentArrives() {
        let date = Date(timeIntervalSinceReferenceDate: 1_000)
        func comment(_ id: Int, parent: Int, minutes: Double) -> CommentsKit.Comment {
            CommentsKit.Comment(id: id, post: 1, parent: parent, author: 0, authorName: "a", authorURL: "",
                                date: date.addingTimeInterval(minutes * 60), contentHTML: "x", link: "", status: .approved, type: "comment")
        }
        var site = SiteComments()
        site.merge([comment(3, parent: 1, minutes: 30), comment(2, parent: 0, minutes: 20)])
        #expect(site.rows.map(\.id) == [3, 2])
        #expect(site.rows[0].parentMissing)
        site.merge([comment(1, parent: 0, minutes: 10)])
        #expect(site.rows.map(\.id) == [2, 1, 3])
        #expect(site.rows[2].depth == 1 && !site.rows[2].parentMissing)
        #expect(site.rows[1].hasReplies)
        Self.expectSameAsRebuilt(site, note: "after the parent")
    }
}
