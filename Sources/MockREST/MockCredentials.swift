/// The administrator account of a locked mock (HTTP Basic auth with an application password);
/// ``MockAccount`` adds users of other roles.
public struct MockCredentials: Sendable, Hashable {
    /// The login name; also the user's display name and slug in `users/me`.
    public var user: String
    /// The application password. Spaces are optional when sent, as in WordPress.
    public var applicationPassword: String

    /// Creates the account.
    public init(user: String, applicationPassword: String) {
        self.user = user
        self.applicationPassword = applicationPassword
    }
}
