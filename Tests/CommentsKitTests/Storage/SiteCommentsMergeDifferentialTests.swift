import Foundation
import Testing
import PropertyBased
@testable import CommentsKit

/// Issue 29: pages merged one at a time (``SiteComments/merge(_:window:keepingLocal:)``,
/// threading in place) against the thread order built the plain way from every comment
/// merged so far, and the row facts kept with the rows against facts read again from each
/// comment. Pages come in any order, empty, full, with ids out of order, comments seen
/// again with a new status, replies before their parents and to parents that never come.
@Suite struct SiteCommentsMergeDifferentialTests {
    /// Threaded order the plain way: oldest first by date then id; a reply follows its
    /// parent (when loaded), siblings oldest first, threads newest first.
    static func threadOrder(_ comments: [Int: CommentsKit.Comment]) -> [ThreadRow] {
        let oldestFirst = comments.values.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        for comment in oldestFirst {
            if comment.parent != 0, comment.parent != comment.id, comments[comment.parent] != nil {
                children[comment.parent, default: []].append(comment.id)
            } else {
                roots.append(comment.id)
            }
        }
        var rows: [ThreadRow] = []
        func visit(_ id: Int, depth: Int) {
            let parent = comments[id]?.parent ?? 0
            rows.append(ThreadRow(id: id, depth: depth, parentMissing: depth == 0 && parent != 0,
                                  hasReplies: !(children[id] ?? []).isEmpty))
            for child in children[id] ?? [] { visit(child, depth: depth + 1) }
        }
        for root in roots.reversed() { visit(root, depth: 0) }
        return rows
    }

    /// One comment: id, its parent (0, an earlier id, or one that never comes), a date
    /// (several share a second), a status, an author, a post.
    static let comment = zip(Gen.int(in: 1...60), Gen.int(in: 0...9), Gen.int(in: 0...40), Gen.int(in: 0...3), Gen.int(in: 0...3))
        .map(makeComment)

    static func makeComment(_ input: (Int, Int, Int, Int, Int)) -> CommentsKit.Comment {
        let (id, parentChoice, minute, status, author) = input
        let parent = parentChoice < 4 ? 0 : parentChoice == 4 ? 1_000 + id : max(0, id - parentChoice)
        return CommentsKit.Comment(
            id: id, post: author % 2, parent: parent, authorName: "author \(author)",
            date: Date(timeIntervalSinceReferenceDate: Double(minute) * 60), contentHTML: "comment \(id)",
            status: CommentStatus.allCases[status])
    }

    /// 300 runs of 1–12 pages of 0–25 comments.
    @Test func pagesMergedOneByOneThreadAsThePlainOrderAndKeepTheirFacts() async {
        await propertyCheck(count: 300, input: Self.comment.array(of: 0...25).array(of: 1...12)) { pages in
            var site = SiteComments()
            var merged: [Int: CommentsKit.Comment] = [:]
            for (number, page) in pages.enumerated() {
                // A page holds each comment once.
                var seen = Set<Int>()
                // A comment seen again keeps its place in the thread (WordPress never
                // changes a comment's parent or date); its status and author may change.
                let page = page.filter { seen.insert($0.id).inserted }.map { comment in
                    var comment = comment
                    if let before = merged[comment.id] {
                        comment.parent = before.parent
                        comment.date = before.date
                    }
                    return comment
                }
                site.merge(page)
                for comment in page { merged[comment.id] = comment }
                let expected = Self.threadOrder(merged)
                guard site.rows == expected else {
                    Issue.record("after page \(number): \(site.rows.map(\.id)) not \(expected.map(\.id))")
                    return
                }
                Self.expectFacts(of: site, as: merged, note: "after page \(number)")
            }
        }
    }

    /// Each row's facts as its comment says.
    static func expectFacts(of site: SiteComments, as comments: [Int: CommentsKit.Comment], note: String) {
        let facts = site.facts
        #expect(facts.count == site.rows.count, "\(note)")
        for (position, row) in site.rows.enumerated() {
            guard let comment = comments[row.id], position < facts.count else { continue }
            var flags: UInt8 = 0
            if comment.parent == 0 { flags |= RowFacts.isTopLevel }
            if row.hasReplies { flags |= RowFacts.hasReplies }
            let right = facts.status[position] == RowFacts.statusIndex(comment.status)
                && facts.flags[position] == flags
                && facts.authors[Int(facts.author[position])] == comment.authorName
                && facts.posts[Int(facts.post[position])] == comment.post
                && facts.date[position] == Int32(comment.date.timeIntervalSinceReferenceDate)
            if !right {
                Issue.record("facts of comment \(row.id) at row \(position) \(note)")
                return
            }
        }
    }
}
