import Foundation

/// What the background refresh reads of a site (``SweepReducer``): ids and statuses only,
/// or four fields of given comments, so that keeping a large site true costs a few bytes
/// per comment.
extension WordPressClient {
    /// One page of the ids of the comments of `status` (`_fields=id,status`, 100 a page),
    /// with the site's count of them (`X-WP-Total`) and its number of pages: the
    /// background refresh reads a list a page per tick of its budget. `perPage` 1 asks for
    /// the count alone, as cheaply. Comments and pings together (``commentsAndPings``), so
    /// it needs a moderator.
    public func statusPage(_ status: CommentStatus, page: Int, perPage: Int = 100) async throws(CommentsError) -> StatusListing {
        struct Listed: Decodable { let id: Int }
        let request = CommentListRequest(statuses: [status], page: page, perPage: perPage, type: Self.commentsAndPings)
        let (data, response) = try await send("GET", "/wp/v2/comments", query: request.queryItems + [("_fields", "id,status")])
        let listed = try await decoded { () throws(CommentsError) -> [Listed] in
            try self.decode([Listed].self, from: data, for: "GET /wp/v2/comments?_fields=id,status")
        }
        let total = Self.integerHeader("X-WP-Total", response) ?? listed.count
        return StatusListing(status: status, ids: listed.map(\.id), total: total, requests: 1,
                             pages: Self.integerHeader("X-WP-TotalPages", response) ?? 1)
    }

    /// Comments `ids` as the site has them now, whatever their status (`include=`,
    /// `status=any`, `_fields=id,status,content,parent`), comments and pings alike
    /// (``commentsAndPings``): an id missing from the answer is no longer on the site. At
    /// most 100 ids (one page). Needs a moderator; for anyone else, `moderator: false` asks
    /// for the approved comments alone (`type=comment`: all they may list), and a missing id
    /// is then one the user can no longer see.
    public func recheck(ids: [Int], moderator: Bool = true) async throws(CommentsError) -> [CommentOnSite] {
        guard !ids.isEmpty else { return [] }
        var request = CommentListRequest(statuses: moderator ? Set(CommentStatus.allCases) : [], page: 1, perPage: 100,
                                         type: moderator ? Self.commentsAndPings : CommentKind.comments.rawValue)
        request.orderBy = "id"
        let include = ids.prefix(100).map(String.init).joined(separator: ",")
        let (data, _) = try await send("GET", "/wp/v2/comments",
                                       query: request.queryItems + [("include", include), ("_fields", "id,status,content,parent")])
        return try await decoded { () throws(CommentsError) -> [CommentOnSite] in
            let read = try self.decode([Lossy<CommentOnSite.AsSent>].self, from: data, for: "GET /wp/v2/comments?include=")
            if let first = read.first?.error, read.allSatisfy({ $0.value == nil }) {
                throw Self.decodingError(first, data: data, request: "GET /wp/v2/comments?include=")
            }
            return read.compactMap(\.value?.comment)
        }
    }

    /// The `type` the background refresh asks for: empty, which WordPress reads as every
    /// type but the block editor's notes (`WP_Comment_Query`, since 6.9; there are none
    /// before), so that one list holds a site's comments and its pings, as the loaded list
    /// does. Anything but `comment` needs a moderator. The ids of a plugin's own types
    /// (`review`, …) may come with it: the refresh judges only the rows it loaded.
    static let commentsAndPings = ""
}

/// Comments of one status a site holds, by id: a page as ``WordPressClient/statusPage(_:page:perPage:)``
/// read it, or every page of a status check put together.
public struct StatusListing: Equatable, Sendable, Codable {
    /// The status listed.
    public var status: CommentStatus
    /// The ids of its comments.
    public var ids: [Int] = []
    /// How many the site counts (`X-WP-Total`).
    public var total = 0
    /// How many requests the listing took.
    public var requests = 0
    /// How many pages the site says the list has (`X-WP-TotalPages`).
    public var pages = 1

    /// A listing of `status`.
    public init(status: CommentStatus, ids: [Int] = [], total: Int = 0, requests: Int = 0, pages: Int = 1) {
        self.status = status
        self.ids = ids
        self.total = total
        self.requests = requests
        self.pages = pages
    }
}

/// What the background refresh reads of one comment: its status, parent and text, as the
/// site has them now.
public struct CommentOnSite: Equatable, Sendable, Codable {
    /// The comment.
    public var id: Int
    /// Its status.
    public var status: CommentStatus
    /// The comment it answers (0: none).
    public var parent: Int
    /// `content.rendered`.
    public var html: String
    /// The HTML as text (made off the main actor, while decoding).
    public var text: String

    /// A comment as read: `text` is `html` as text.
    public init(id: Int, status: CommentStatus, parent: Int, html: String, text: String? = nil) {
        self.id = id
        self.status = status
        self.parent = parent
        self.html = html
        self.text = text ?? HTMLText.plainText(fromHTML: html)
    }
}

extension CommentOnSite {
    private enum SiteKeys: String, CodingKey {
        case id, status, parent, content
    }

    private enum ContentKeys: String, CodingKey {
        case rendered
    }

    /// The comment as WordPress's JSON has it (`content.rendered` nested); the type's own
    /// `Codable` form is the one session recordings hold.
    struct AsSent: Decodable {
        let comment: CommentOnSite

        init(from decoder: any Decoder) throws {
            comment = try CommentOnSite(site: decoder)
        }
    }

    /// Reads the four fields from WordPress's JSON.
    private init(site decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: SiteKeys.self)
        let id = try container.decode(Int.self, forKey: .id)
        let text = try container.decodeIfPresent(String.self, forKey: .status) ?? "approved"
        let status = text == "post-trashed" ? CommentStatus.trash : CommentStatus(rawValue: text)
        guard let status else {
            throw DecodingError.dataCorruptedError(forKey: .status, in: container, debugDescription: "unknown status \(text)")
        }
        let parent = try container.decodeIfPresent(Int.self, forKey: .parent) ?? 0
        let html = try container.nestedContainer(keyedBy: ContentKeys.self, forKey: .content).decode(String.self, forKey: .rendered)
        self.init(id: id, status: status, parent: parent, html: html)
    }
}
