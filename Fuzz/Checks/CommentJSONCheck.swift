import Foundation
import CommentsKit

/// Any body a site sends decodes or fails with an error, never a crash; what decodes is
/// safe on screen once sanitised.
enum CommentJSONCheck {
    static func run(_ input: [UInt8]) throws(FuzzViolation) {
        let data = Data(input)
        let decoder = JSONDecoder()
        if let comment = try? decoder.decode(Comment.self, from: data) {
            try requireShowable(comment)
        }
        if let comments = try? decoder.decode([Comment].self, from: data) {
            for comment in comments { try requireShowable(comment) }
        }
    }

    private static func requireShowable(_ comment: Comment) throws(FuzzViolation) {
        try HTMLCheck.requireSafeAfterSanitizing(comment.authorName, "authorName")
        try HTMLCheck.requireSafeAfterSanitizing(comment.authorURL, "authorURL")
        try HTMLCheck.requireSafeAfterSanitizing(HTMLText.plainText(fromHTML: comment.contentHTML), "content")
    }
}
