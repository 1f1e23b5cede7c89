import Foundation
import CommentsKit

/// Pages merged one at a time into ``SiteComments`` (threading new comments in place)
/// leave the thread order built the plain way from every comment merged so far, and row
/// facts read again from each comment (issue 29; the fuzzing twin of
/// SiteCommentsMergeDifferentialTests).
///
/// The input is a run of up to 12 pages: a page's first byte says how many comments it
/// holds (0–25), then 4 bytes per comment: the id (1–60), the parent (0, an earlier id, or
/// one that never comes), the minute (0–40, so several share a date) and the status and
/// author. A page holds each id once; a comment seen again keeps its parent and date, as
/// WordPress keeps them, while its status and author may change.
enum MergeCheck {
    static func run(_ input: [UInt8]) throws(FuzzViolation) {
        var bytes = input[...]
        var site = SiteComments()
        var merged: [Int: CommentsKit.Comment] = [:]
        var number = 0
        while let header = bytes.popFirst(), number < 12 {
            var seen = Set<Int>()
            var page: [CommentsKit.Comment] = []
            for _ in 0..<(Int(header) % 26) {
                guard bytes.count >= 4 else { break }
                var comment = makeComment(Array(bytes.prefix(4)))
                bytes = bytes.dropFirst(4)
                guard seen.insert(comment.id).inserted else { continue }
                if let before = merged[comment.id] {
                    comment.parent = before.parent
                    comment.date = before.date
                }
                page.append(comment)
            }
            site.merge(page)
            for comment in page { merged[comment.id] = comment }
            let expected = threadOrder(merged)
            try require(site.rows == expected, "after page \(number): rows \(site.rows.map(\.id)), the plain order \(expected.map(\.id))")
            try checkFacts(of: site, as: merged, note: "after page \(number)")
            number += 1
        }
    }

    /// One comment from four bytes: id, parent choice, minute, status and author.
    static func makeComment(_ four: [UInt8]) -> CommentsKit.Comment {
        let id = Int(four[0]) % 60 + 1
        let parentChoice = Int(four[1]) % 10
        let minute = Int(four[2]) % 41
        let status = Int(four[3]) % 4, author = Int(four[3] >> 2) % 4
        let parent = parentChoice < 4 ? 0 : parentChoice == 4 ? 1_000 + id : max(0, id - parentChoice)
        return CommentsKit.Comment(
            id: id, post: author % 2, parent: parent, authorName: "author \(author)",
            date: Date(timeIntervalSinceReferenceDate: Double(minute) * 60), contentHTML: "comment \(id)",
            status: CommentStatus.allCases[status])
    }

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

    /// Each row's facts as its comment says.
    static func checkFacts(of site: SiteComments, as comments: [Int: CommentsKit.Comment], note: String) throws(FuzzViolation) {
        let facts = site.facts
        let counts = [facts.status.count, facts.flags.count, facts.author.count, facts.post.count, facts.date.count]
        try require(counts.allSatisfy { $0 == site.rows.count }, "facts of \(counts) rows for \(site.rows.count) rows \(note)")
        for (position, row) in site.rows.enumerated() {
            guard let comment = comments[row.id] else { continue }
            var flags: UInt8 = 0
            if comment.parent == 0 { flags |= RowFacts.isTopLevel }
            if row.hasReplies { flags |= RowFacts.hasReplies }
            let author = Int(facts.author[position]), post = Int(facts.post[position])
            let right = facts.status[position] == RowFacts.statusIndex(comment.status)
                && facts.flags[position] == flags
                && facts.authors.indices.contains(author) && facts.authors[author] == comment.authorName
                && facts.posts.indices.contains(post) && facts.posts[post] == comment.post
                && facts.date[position] == Int32(comment.date.timeIntervalSinceReferenceDate)
            try require(right, "facts of comment \(row.id) at row \(position) \(note)")
        }
    }
}
