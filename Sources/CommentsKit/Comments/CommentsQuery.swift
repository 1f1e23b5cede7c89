/// A slice of a site's comments that a view asks ``CommentsStore`` for, with
/// `store.query(_:)`. While a receipt holds it, the store keeps it loaded.
public struct CommentsQuery: Hashable, Sendable, CustomStringConvertible {
    /// The site.
    public var site: SiteID
    /// Only the comments of this post, or of every post.
    public var post: Int?
    /// The statuses to load. parley loads all four by default so the Status filters and
    /// their counts work without another round trip.
    public var statuses: Set<CommentStatus>
    /// Comments or pings (``CommentKind``): WordPress lists one type a request, so a site
    /// shows two queries, each asking for its kind by name.
    public var kind: CommentKind

    /// Describes a slice; by default every comment of every post of `site`.
    public init(
        site: SiteID, post: Int? = nil, statuses: Set<CommentStatus> = Set(CommentStatus.allCases), kind: CommentKind = .comments
    ) {
        self.site = site
        self.post = post
        self.statuses = statuses
        self.kind = kind
    }

    /// The same slice of the other kinds: the queries a site's list holds together.
    public var everyKind: [CommentsQuery] {
        CommentKind.allCases.map { kind in
            var query = self
            query.kind = kind
            return query
        }
    }

    /// `site-1 (post 12, approved+hold)`, for logs.
    public var description: String {
        var parts: [String] = []
        if kind != .comments { parts.append(kind.rawValue) }
        if let post { parts.append("post \(post)") }
        if statuses != Set(CommentStatus.allCases) {
            parts.append(statuses.map(\.rawValue).sorted().joined(separator: "+"))
        }
        return parts.isEmpty ? site : "\(site) (\(parts.joined(separator: ", ")))"
    }

    /// The request for page `page` of this slice, as a user with `access` may ask: a
    /// moderator in the edit context; anyone else for the approved comments alone (unless
    /// the slice has none: then as asked, and the site says why not).
    func request(page: Int, perPage: Int, access: SiteAccess = .unknown) -> CommentListRequest {
        var request = CommentListRequest(post: post, statuses: statuses, page: page, perPage: perPage, order: .desc,
                                         type: kind.rawValue)
        switch access {
        case .moderator: request.context = .edit
        case .reader where statuses.contains(.approved): request.statuses = [.approved]
        case .reader, .unknown: break
        }
        return request
    }
}
