/// A query as JSON: `{"site": "site-1", "post": 12, "statuses": ["approved", "hold"]}`
/// (statuses sorted, so a recording reads the same every time), with `"kind": "pings"` for
/// the pings' query (absent: comments, as recordings made before it say).
extension CommentsQuery: Codable {
    private enum CodingKeys: String, CodingKey { case site, post, statuses, kind }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            site: try container.decode(SiteID.self, forKey: .site),
            post: try container.decodeIfPresent(Int.self, forKey: .post),
            statuses: try container.decode(Set<CommentStatus>.self, forKey: .statuses),
            kind: try container.decodeIfPresent(CommentKind.self, forKey: .kind) ?? .comments
        )
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(site, forKey: .site)
        try container.encodeIfPresent(post, forKey: .post)
        try container.encode(statuses.map(\.rawValue).sorted(), forKey: .statuses)
        if kind != .comments { try container.encode(kind, forKey: .kind) }
    }
}

/// A moderation as its name: `"approve"`, `"trash"`.
extension Moderation: Codable {}
