import Foundation
import CommentsKit

/// A column of `comment list` and `comment get`: wp-cli's fields (`comment_ID`,
/// `comment_approved`, …, the default columns, every value a string as WordPress stores it),
/// or parley's own, named as in the REST API's JSON (`id`, `status`, `author_name`, …, with
/// numbers where JSON has numbers).
///
/// A name is read as wp-cli reads it: the field itself, else the field with `comment_` in
/// front (`ID`, `author`, `approved`); parley's own names come before that prefix, so
/// `date`, `content`, `parent`, `type` and `author_url` keep parley's values. `author` is
/// wp-cli's (`comment_author`, the name): parley's user id is `user_id`.
enum CommentField: String, CaseIterable, Sendable {
    case commentID = "comment_ID"
    case commentPostID = "comment_post_ID"
    case commentAuthor = "comment_author"
    case commentAuthorEmail = "comment_author_email"
    case commentAuthorURL = "comment_author_url"
    case commentAuthorIP = "comment_author_IP"
    case commentDate = "comment_date"
    case commentDateGMT = "comment_date_gmt"
    case commentContent = "comment_content"
    case commentApproved = "comment_approved"
    case commentAgent = "comment_agent"
    case commentType = "comment_type"
    case commentParent = "comment_parent"
    case userID = "user_id"
    /// The comment's link, as wp-cli's `url` (`get_comment_link`).
    case url

    case id, post, parent
    case authorName = "author_name"
    case authorURL = "author_url"
    case date, status, type, link, content
    /// The spam score, 0–100 (issue 30): not stored on the site but learned from its
    /// history, so it is computed only when asked for.
    case spamScore = "spam_score"

    /// `comment list`'s columns unless `--fields` says otherwise: wp-cli's.
    static let listDefault: [CommentField] = [.commentID, .commentPostID, .commentDate, .commentApproved, .commentAuthor, .commentAuthorEmail]

    /// `comment get`'s fields unless `--fields` says otherwise: wp-cli's (a `WP_Comment`'s
    /// and `url`), but `comment_karma`, which the REST API does not have.
    static let stored: [CommentField] = [
        .commentID, .commentPostID, .commentAuthor, .commentAuthorEmail, .commentAuthorURL, .commentAuthorIP,
        .commentDate, .commentDateGMT, .commentContent, .commentApproved, .commentAgent, .commentType,
        .commentParent, .userID, .url,
    ]

    /// The field `name` means, read as wp-cli reads it; a usage error for an unknown name or
    /// one the REST API does not have.
    static func named(_ name: String) throws -> CommentField {
        if let field = CommentField(rawValue: name) ?? CommentField(rawValue: "comment_" + name) { return field }
        if name == "comment_karma" || name == "karma" {
            throw CommandFailure.usage("comment_karma is not in WordPress's REST API: parley cannot read it.")
        }
        throw CommandFailure.usage("Invalid field: \(name) (known: \(allCases.map(\.rawValue).joined(separator: ", "))).")
    }

    /// `comment_ID,comment_author,…` (or parley's names) as fields; a usage error naming an unknown one.
    static func parseList(_ text: String) throws -> [CommentField] {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !names.isEmpty else { throw CommandFailure.usage("--fields needs at least one field.") }
        return try names.map(named)
    }

    /// The value as JSON: wp-cli's fields as strings, parley's ids and score as numbers.
    func jsonValue(of comment: Comment, values: FieldValues = FieldValues()) -> Any {
        switch self {
        case .id: comment.id
        case .post: comment.post
        case .parent: comment.parent
        case .spamScore: values.score.map { $0 as Any } ?? NSNull()
        default: text(of: comment, values: values)
        }
    }

    /// The value as text. wp-cli's dates are `YYYY-MM-DD hh:mm:ss` (`comment_date` in the
    /// site's time zone, `comment_date_gmt` in UTC); parley's `date` is UTC in ISO 8601 with
    /// its `Z`. The content is the raw text when the site sent it (edit context), else the
    /// rendered HTML made plain. Fields only the edit context brings are empty without it.
    func text(of comment: Comment, values: FieldValues = FieldValues()) -> String {
        switch self {
        case .commentID, .id: String(comment.id)
        case .commentPostID, .post: String(comment.post)
        case .commentAuthor, .authorName: comment.authorName
        case .commentAuthorEmail: comment.authorEmail ?? ""
        case .commentAuthorURL, .authorURL: comment.authorURL
        case .commentAuthorIP: comment.authorIP ?? ""
        case .commentDate: Self.wpDate(comment.date, in: values.timeZone)
        case .commentDateGMT: Self.wpDate(comment.date, in: FieldValues.utc)
        case .commentContent, .content: comment.contentRaw ?? HTMLText.plainText(fromHTML: comment.contentHTML)
        case .commentApproved: Self.approved(comment.status)
        case .commentAgent: comment.authorUserAgent ?? ""
        case .commentType, .type: comment.type
        case .commentParent, .parent: String(comment.parent)
        case .userID: String(comment.author)
        case .url, .link: comment.link
        case .date: CommentListRequest.wordPressDate(comment.date) + "Z"
        case .status: comment.status.rawValue
        case .spamScore: values.score.map(String.init) ?? ""
        }
    }

    /// `comment_approved` as WordPress stores it: `1`, `0`, `spam`, `trash`.
    static func approved(_ status: CommentStatus) -> String {
        switch status {
        case .approved: "1"
        case .hold: "0"
        case .spam: "spam"
        case .trash: "trash"
        }
    }

    /// `2026-11-28 10:20:30` in `zone`.
    static func wpDate(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return String(format: "%04d", parts.year ?? 1970)
            + "-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }
}

/// What some fields need beyond the comment: its spam score, the site's time zone.
struct FieldValues {
    static let utc = TimeZone(secondsFromGMT: 0) ?? .current

    /// The comment's spam score, when it was computed.
    var score: Int?
    /// The site's time zone (`comment_date`).
    var timeZone: TimeZone = FieldValues.utc
}
