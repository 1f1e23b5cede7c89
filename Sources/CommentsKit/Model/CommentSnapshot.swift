/// What a write compares before it is sent: a comment's status, text, parent and post as the
/// site has them now, read with `_fields=id,status,content,parent,post` (a few hundred bytes,
/// where the whole comment is a few kilobytes). Read and written in WordPress's shape
/// (`content.raw`, `content.rendered`), so a recording holds what the site sent.
public struct CommentSnapshot: Sendable, Hashable, Codable {
    /// The comment's id.
    public let id: Int
    /// The post it belongs to.
    public let post: Int
    /// The comment it answers; 0 for a top-level comment.
    public let parent: Int
    /// Its status on the site now.
    public let status: CommentStatus
    /// Its rendered HTML.
    public let contentHTML: String
    /// What its author wrote (`content.raw`), when the site sent it (edit context).
    public let contentRaw: String?

    /// Makes a snapshot.
    public init(id: Int, post: Int, parent: Int, status: CommentStatus, contentHTML: String, contentRaw: String?) {
        self.id = id
        self.post = post
        self.parent = parent
        self.status = status
        self.contentHTML = contentHTML
        self.contentRaw = contentRaw
    }

    /// The snapshot of a whole comment.
    public init(_ comment: Comment) {
        self.init(id: comment.id, post: comment.post, parent: comment.parent, status: comment.status,
                  contentHTML: comment.contentHTML, contentRaw: comment.contentRaw)
    }

    private enum CodingKeys: String, CodingKey {
        case id, post, parent, status, content
    }

    private enum ContentKeys: String, CodingKey {
        case rendered, raw
    }

    /// Reads the `_fields` answer. A status WordPress reports for a comment on a trashed
    /// post (`post-trashed`) is read as the trash, as ``Comment`` reads it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        post = try container.decodeIfPresent(Int.self, forKey: .post) ?? 0
        parent = try container.decodeIfPresent(Int.self, forKey: .parent) ?? 0
        let text = try container.decode(String.self, forKey: .status)
        guard let status = text == "post-trashed" ? .trash : CommentStatus(rawValue: text) else {
            throw DecodingError.dataCorruptedError(forKey: .status, in: container, debugDescription: "Unknown comment status \"\(text)\".")
        }
        self.status = status
        let content = try container.nestedContainer(keyedBy: ContentKeys.self, forKey: .content)
        contentHTML = try content.decode(String.self, forKey: .rendered)
        contentRaw = try content.decodeIfPresent(String.self, forKey: .raw)
    }

    /// Writes it in the shape it was read from.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(post, forKey: .post)
        try container.encode(parent, forKey: .parent)
        try container.encode(status.rawValue, forKey: .status)
        var content = container.nestedContainer(keyedBy: ContentKeys.self, forKey: .content)
        try content.encode(contentHTML, forKey: .rendered)
        try content.encodeIfPresent(contentRaw, forKey: .raw)
    }
}
