/// What parley shows of a post: its title, from `GET /wp/v2/posts/<id>`.
public struct WordPressPost: Sendable, Hashable, Decodable {
    /// The post id (comments' `post`).
    public var id: Int
    /// The title as plain text (WordPress sends it rendered: entities decoded here).
    public var title: String
    /// The post's address.
    public var link: String

    /// Creates a post.
    public init(id: Int, title: String, link: String = "") {
        self.id = id
        self.title = title
        self.link = link
    }

    private enum CodingKeys: String, CodingKey { case id, title, link }
    private enum TitleKeys: String, CodingKey { case rendered }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        let title = try container.nestedContainer(keyedBy: TitleKeys.self, forKey: .title)
        self.title = HTMLText.plainText(fromHTML: try title.decode(String.self, forKey: .rendered))
        link = try container.decodeIfPresent(String.self, forKey: .link) ?? ""
    }
}
