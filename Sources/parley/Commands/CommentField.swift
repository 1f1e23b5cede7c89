import Foundation
import ArgumentParser
import CommentsKit

/// A column of `comment list` and `comment get`, named as in the REST API's JSON.
enum CommentField: String, CaseIterable, Sendable, ExpressibleByArgument {
    case id, post, parent, author
    case authorName = "author_name"
    case authorURL = "author_url"
    case date, status, type, link, content

    /// `comment list`'s columns unless `--fields` says otherwise.
    static let listDefault: [CommentField] = [.id, .post, .parent, .date, .status, .authorName]

    /// The value as JSON: numbers for ids, strings otherwise.
    func jsonValue(of comment: Comment) -> Any {
        switch self {
        case .id: comment.id
        case .post: comment.post
        case .parent: comment.parent
        case .author: comment.author
        default: text(of: comment)
        }
    }

    /// The value as text. `date` is `date_gmt` in ISO 8601 with its `Z`; `content` is the
    /// raw text when the site sent it (edit context), else the rendered HTML made plain.
    func text(of comment: Comment) -> String {
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
