/// The logged-in user, from `GET /wp/v2/users/me`.
public struct WordPressUser: Sendable, Hashable, Codable {
    /// The user id (comments' `author`).
    public var id: Int
    /// The display name.
    public var name: String
    /// The URL slug, usually the login name.
    public var slug: String?

    /// Creates a user.
    public init(id: Int, name: String, slug: String? = nil) {
        self.id = id
        self.name = name
        self.slug = slug
    }
}
