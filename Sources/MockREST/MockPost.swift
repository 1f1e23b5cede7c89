/// A post of a mock site: the thing comments hang on. The UI shows its title.
public struct MockPost: Sendable, Hashable {
    /// The post id, as in the comments' `post` field.
    public let id: Int
    /// The plain-text title (served HTML-escaped as `title.rendered`).
    public let title: String
    /// The URL slug, used in the post's and its comments' `link`.
    public let slug: String

    /// Creates a post description.
    public init(id: Int, title: String, slug: String) {
        self.id = id
        self.title = title
        self.slug = slug
    }
}
