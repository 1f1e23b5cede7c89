/// New author fields for a comment, as wp-admin's Quick Edit changes them; nil leaves a
/// field as it is. Only a moderator, or whoever may edit the comment's post, may send them.
public struct AuthorEdit: Sendable, Hashable, Codable {
    /// `author_name`.
    public var name: String?
    /// `author_email` (WordPress refuses one that is not an address, an empty one too).
    public var email: String?
    /// `author_url`.
    public var url: String?

    /// Describes the change.
    public init(name: String? = nil, email: String? = nil, url: String? = nil) {
        self.name = name
        self.email = email
        self.url = url
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool { name == nil && email == nil && url == nil }
}
