import Foundation

/// Decodes WordPress's comment JSON. Unknown fields (`meta`, which is `[]` when empty and
/// `{}` otherwise, `_links`, avatar URLs, …) are ignored.
///
/// Required: `id`, `content.rendered` and `date_gmt` (or, in the embed context that lacks
/// it, `date`, read as UTC). Fields the embed context leaves out default to a fresh
/// comment's values: `post` 0, `parent` 0, `author` 0, empty name, URL and link, status
/// `approved` (embed only shows approved comments), type `comment`. A missing required field
/// fails with `DecodingError.keyNotFound`, which the client reports as
/// ``CommentsError/decoding(field:detail:)`` naming the field. The edit context's
/// `author_email`, `author_ip` and `author_user_agent` are read when they are strings and
/// left out otherwise.
extension Comment: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, post, parent, author, link, status, type, content, date
        case authorName = "author_name"
        case authorURL = "author_url"
        case dateGMT = "date_gmt"
        case authorEmail = "author_email"
        case authorIP = "author_ip"
        case authorUserAgent = "author_user_agent"
    }

    private enum ContentKeys: String, CodingKey {
        case rendered, raw
    }

    /// Reads one comment object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        post = try container.decodeIfPresent(Int.self, forKey: .post) ?? 0
        parent = try container.decodeIfPresent(Int.self, forKey: .parent) ?? 0
        author = try container.decodeIfPresent(Int.self, forKey: .author) ?? 0
        authorName = try container.decodeIfPresent(String.self, forKey: .authorName) ?? ""
        authorURL = try container.decodeIfPresent(String.self, forKey: .authorURL) ?? ""
        link = try container.decodeIfPresent(String.self, forKey: .link) ?? ""
        type = try container.decodeIfPresent(String.self, forKey: .type) ?? "comment"
        status = try Self.status(container)
        date = try Self.date(container)
        let content = try container.nestedContainer(keyedBy: ContentKeys.self, forKey: .content)
        contentHTML = try content.decode(String.self, forKey: .rendered)
        contentRaw = try content.decodeIfPresent(String.self, forKey: .raw)
        authorEmail = Self.fact(container, .authorEmail)
        authorIP = Self.fact(container, .authorIP)
        authorUserAgent = Self.fact(container, .authorUserAgent)
    }

    /// An edit-context fact: absent in the view context, and never worth losing the comment
    /// over (a plugin that sends `false` or a number there costs the fact, not the comment).
    private static func fact(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) -> String? {
        (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil
    }

    private static func status(_ container: KeyedDecodingContainer<CodingKeys>) throws -> CommentStatus {
        guard let text = try container.decodeIfPresent(String.self, forKey: .status) else { return .approved }
        // A comment on a trashed post reports "post-trashed"; for moderation it is trash.
        if text == "post-trashed" { return .trash }
        guard let status = CommentStatus(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: .status, in: container, debugDescription: "Unknown comment status \"\(text)\"."
            )
        }
        return status
    }

    private static func date(_ container: KeyedDecodingContainer<CodingKeys>) throws -> Date {
        let key: CodingKeys = container.contains(.dateGMT) || !container.contains(.date) ? .dateGMT : .date
        let text = try container.decode(String.self, forKey: key)
        guard let date = WordPressDate.parse(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "\"\(text)\" is not a WordPress date."
            )
        }
        return date
    }
}
