import Foundation

/// The fields of a comment as wp-cli's `wp comment create` and `update` set them, in the REST
/// API's names; nil leaves a field out (to WordPress's default, or as it is).
public struct CommentFields: Sendable, Hashable, Encodable {
    /// `post`.
    public var post: Int?
    /// `parent`.
    public var parent: Int?
    /// `author`: a user id (only a moderator may name another user).
    public var author: Int?
    /// `author_name`.
    public var authorName: String?
    /// `author_email`.
    public var authorEmail: String?
    /// `author_url`.
    public var authorURL: String?
    /// `author_ip` (a moderator's).
    public var authorIP: String?
    /// `author_user_agent`.
    public var authorUserAgent: String?
    /// `content`.
    public var content: String?
    /// `date`: in the site's time zone, `2026-11-28T10:20:30`.
    public var date: String?
    /// `date_gmt`: in UTC, same form.
    public var dateGMT: String?
    /// `status` on creation (`approved`, `hold`, `spam`, `trash`); a moderator's.
    public var status: String?

    /// No field.
    public init() {}

    /// Whether it sets nothing.
    public var isEmpty: Bool { self == CommentFields() }

    enum CodingKeys: String, CodingKey {
        case post, parent, author, content, date, status
        case authorName = "author_name"
        case authorEmail = "author_email"
        case authorURL = "author_url"
        case authorIP = "author_ip"
        case authorUserAgent = "author_user_agent"
        case dateGMT = "date_gmt"
    }

    /// Whether `comment`, as the site answers it, has every field this sets that the answer
    /// shows (the e-mail, IP and agent only in the edit context; dates are not compared).
    func isApplied(to comment: Comment) -> Bool {
        func same<T: Equatable>(_ wanted: T?, _ has: T?) -> Bool { wanted == nil || has == nil || wanted == has }
        return same(post, comment.post) && same(parent, comment.parent) && same(author, comment.author)
            && same(authorName, comment.authorName) && same(authorURL, comment.authorURL)
            && same(authorEmail, comment.authorEmail) && same(authorIP, comment.authorIP)
            && (content.map { ReplyText.matches(comment, $0) } ?? true)
    }
}

/// wp-cli's `create` and `update` over REST, each settled with the site when its answer is
/// lost (see ``WriteSettlement``), and the site's time zone its dates are written in.
extension WordPressClient {
    /// `POST /wp/v2/comments` with `fields`. A lost answer is settled by looking for the
    /// comment (same post, parent and text, written since the request left): never created
    /// twice. A `409 comment_duplicate` stays an error: WordPress refuses the same comment twice.
    public func settledCreate(_ fields: CommentFields) async -> Result<Comment, CommentsError> {
        let sentAt = Date()
        let result = await Result.capturing { try await self.create(fields) }
        guard case .failure(let error) = result, WriteSettlement.isAmbiguous(error), let content = fields.content else { return result }
        let write = AmbiguousWrite.reply(post: fields.post ?? 0, parent: fields.parent ?? 0, text: content, author: nil, sentAt: sentAt)
        switch await WriteSettlement.check(write, client: self) {
        case .applied(let comment): return .success(comment)
        case .gone, .notApplied: return .failure(error)
        case .unknown(let checkError): return .failure(.outcomeUnknown(check: checkError))
        }
    }

    /// `POST /wp/v2/comments/<id>` with `fields`; a lost answer is settled by reading the
    /// comment back and comparing the fields.
    public func settledUpdate(id: Int, _ fields: CommentFields) async -> Result<Comment, CommentsError> {
        let result = await Result.capturing { try await self.update(id: id, body: fields) }
        guard case .failure(let error) = result, WriteSettlement.isAmbiguous(error) else { return result }
        do {
            let comment = try await comment(id: id)
            return fields.isApplied(to: comment) ? .success(comment) : .failure(error)
        } catch .http(status: 404, _, _) {
            return .failure(WriteSettlement.goneError)
        } catch {
            return .failure(.outcomeUnknown(check: error))
        }
    }

    /// `POST /wp/v2/comments`: the new comment.
    func create(_ fields: CommentFields) async throws(CommentsError) -> Comment {
        let body = try encode(fields)
        let (data, _) = try await send("POST", "/wp/v2/comments", body: body)
        return try decode(Comment.self, from: data, for: "POST /wp/v2/comments")
    }

    /// The site's time zone, from its REST index: `timezone_string` (with its summer time)
    /// when set, else the fixed `gmt_offset` in hours; UTC when the index says neither.
    public func siteTimeZone() async throws(CommentsError) -> TimeZone {
        let (data, _) = try await send("GET", "/")
        let index = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return Self.timeZone(name: index["timezone_string"] as? String, offset: index["gmt_offset"])
    }

    /// The zone `timezone_string` names, else one `gmt_offset` hours east of UTC (WordPress
    /// sends it as a number or a string: `"5.5"`).
    static func timeZone(name: String?, offset: Any?) -> TimeZone {
        let utc = TimeZone(secondsFromGMT: 0) ?? .current
        if let name, !name.isEmpty, let zone = TimeZone(identifier: name) { return zone }
        let hours: Double? = switch offset {
        case let number as NSNumber: number.doubleValue
        case let text as String: Double(text)
        default: nil
        }
        guard let hours, hours.isFinite, abs(hours) <= 18 else { return utc }
        return TimeZone(secondsFromGMT: Int((hours * 3600).rounded())) ?? utc
    }
}
