/// The logged-in user, from `GET /wp/v2/users/me`.
public struct WordPressUser: Sendable, Hashable, Codable {
    /// The user id (comments' `author`).
    public var id: Int
    /// The display name.
    public var name: String
    /// The URL slug, usually the login name.
    public var slug: String?
    /// The user's roles (`administrator`, `editor`, …), sent only in the edit context.
    public var roles: [String]? = nil
    /// The capabilities the user holds (`moderate_comments`, `edit_others_posts`, …), sent
    /// only in the edit context; nil when the site did not say.
    public var capabilities: Set<String>? = nil

    /// Creates a user.
    public init(id: Int, name: String, slug: String? = nil, roles: [String]? = nil, capabilities: Set<String>? = nil) {
        self.id = id
        self.name = name
        self.slug = slug
        self.roles = roles
        self.capabilities = capabilities
    }

    /// Whether the user may moderate comments: the edit context (e-mail, IP, source), the
    /// statuses beyond approved and the author filters need it.
    public var canModerate: Bool { capabilities?.contains("moderate_comments") ?? false }

    /// Whether the user may edit other people's comments, as wp-admin's Quick Edit does:
    /// WordPress's `edit_comment` maps to editing the comment's post, so a moderator or
    /// whoever may edit others' posts.
    public var canEditOthersComments: Bool {
        canModerate || (capabilities?.contains("edit_others_posts") ?? false)
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, slug, roles, capabilities
    }

    /// Reads WordPress's user object. `capabilities` is an object of booleans there
    /// (`{"moderate_comments": true}`); only the true ones count. Odd `roles` or
    /// `capabilities` are left out rather than failing the login check.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        slug = try container.decodeIfPresent(String.self, forKey: .slug)
        roles = (try? container.decodeIfPresent([String].self, forKey: .roles)) ?? nil
        let granted = (try? container.decodeIfPresent([String: Lenient].self, forKey: .capabilities)) ?? nil
        capabilities = granted.map { Set($0.filter { $0.value.isTrue }.keys) }
    }

    /// Writes the same shape back (session recordings).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(slug, forKey: .slug)
        try container.encodeIfPresent(roles, forKey: .roles)
        try container.encodeIfPresent(capabilities.map { Dictionary(uniqueKeysWithValues: $0.sorted().map { ($0, true) }) },
                                      forKey: .capabilities)
    }

    /// A capability's value: WordPress sends booleans, some plugins `1` or `"1"`.
    private struct Lenient: Decodable {
        let isTrue: Bool

        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            if let flag = try? single.decode(Bool.self) {
                isTrue = flag
            } else if let number = try? single.decode(Int.self) {
                isTrue = number != 0
            } else {
                isTrue = (try? single.decode(String.self)).map { $0 == "1" || $0 == "true" } ?? false
            }
        }
    }
}
