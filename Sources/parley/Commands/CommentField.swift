import Foundation
import ArgumentParser
import CommentsKit

/// A column of `comment list` and `comment get`, named as in the REST API's JSON.
enum CommentField: String, CaseIterable, Sendable, ExpressibleByArgument {
    case id, post, parent, author
    case authorName = "author_name"
    case authorURL = "author_url"
    case date, status, type, link, content
    /// The spam score, 0–100 (issue 30): not stored on the site but learned from its
    /// history, so it is computed only when asked for.
    case spamScore = "spam_score"

    /// `comment list`'s columns unless `--fields` says otherwise.
    static let listDefault: [CommentField] = [.id, .post, .parent, .date, .status, .authorName]

    /// The fields the site stores: `comment get`'s unless `--fields` says otherwise.
    static let stored: [CommentField] = allCases.filter { $0 != .spamScore }

    /// The value as JSON: numbers for ids and the score, strings otherwise. `score`: the
    /// comment's spam score when it was computed.
    func jsonValue(of comment: Comment, score: Int? = nil) -> Any {
        switch self {
        case .id: comment.id
        case .post: comment.post
        case .parent: comment.parent
        case .author: comment.author
        case .spamScore: score.map { $0 as Any } ?? NSNull()
        default: text(of: comment)
        }
    }

    /// The value as text. `date` is `date_gmt` in ISO 8601 with its `Z`; `content` is the
    /// raw text when the site sent it (edit context), else the rendered HTML made plain.
    func text(of comment: Comment, score: Int? = nil) -> String {
        switch self {
        case .id: String(comment.id)
        case .post: String(comment.post)
        case .parent: String(comment.parent)
        case .author: String(comment.author)
        case .authorName: comment.authorName
        case .authorURL: comment.authorURL
        case .date: Self.isoDate(comment.date)
        case .status: comment.status.rawValue
        case .type: comment.type
        case .link: comment.link
        case .content: comment.contentRaw ?? HTMLText.plainText(fromHTML: comment.contentHTML)
        case .spamScore: score.map(String.init) ?? ""
        }
    }

    /// `id,author_name,…` as fields; a usage error naming an unknown one.
    static func parseList(_ text: String) throws -> [CommentField] {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw CommandFailure.usage("--fields needs at least one field.") }
        return try names.map { name in
            guard let field = CommentField(rawValue: name) else {
                throw CommandFailure.usage("Unknown field \(name) (known: \(allCases.map(\.rawValue).joined(separator: ", "))).")
            }
            return field
        }
    }

    private static func isoDate(_ date: Date) -> String {
        CommentListRequest.wordPressDate(date) + "Z"
    }
}
