/// A user of a locked mock: a login, an application password and a WordPress role.
public struct MockAccount: Sendable, Hashable {
    /// The login name; also the display name and slug.
    public var user: String
    /// The application password. Spaces are optional when sent, as in WordPress.
    public var applicationPassword: String
    /// What the user may do.
    public var role: MockRole

    /// Creates an account.
    public init(user: String, applicationPassword: String, role: MockRole) {
        self.user = user
        self.applicationPassword = applicationPassword
        self.role = role
    }

    /// Parses `NAME:PASSWORD:ROLE` (the password may hold spaces, not colons); nil when
    /// malformed or the role is not one of WordPress's five.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty,
              let role = MockRole(rawValue: parts[2].lowercased())
        else { return nil }
        self.init(user: String(parts[0]), applicationPassword: String(parts[1]), role: role)
    }
}
