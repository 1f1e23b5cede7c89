import Foundation
import CommentsKit
@testable import CommentsReplica

/// A fresh directory under the system's temporary one, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("parley-replica-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Comments for the tests: `id`'s date grows with the id, so list order is id order.
enum ReplicaFixtures {
    static func comment(
        _ id: Int, author: String = "Ada", text: String = "Hello", status: CommentStatus = .approved,
        url: String = "", raw: String? = nil, email: String? = nil, ip: String? = nil, userAgent: String? = nil
    ) -> Comment {
        var comment = Comment(
            id: id, post: 10 + id % 3, parent: id > 1 ? id - 1 : 0, author: id % 2, authorName: author,
            authorURL: url, date: date(id), contentHTML: "<p>\(text)</p>", contentRaw: raw,
            link: "https://example.com/?p=1#comment-\(id)", status: status, type: "comment"
        )
        // The edit context's facts (nil: read in the view context).
        comment.authorEmail = email
        comment.authorIP = ip
        comment.authorUserAgent = userAgent
        return comment
    }

    static func date(_ id: Int) -> Date { Date(timeIntervalSince1970: 1_700_000_000.25 + Double(id) * 60) }
}
