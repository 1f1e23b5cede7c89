/// The one account a locked mock accepts (HTTP Basic auth with an application password).
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
