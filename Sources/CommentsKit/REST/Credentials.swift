import Foundation

/// A WordPress login for HTTP Basic auth: the user name and an application password
/// (Users → Profile → Application Passwords; spaces in it are optional).
public struct Credentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The login name.
    public var user: String
    /// The application password (not the account password).
    public var applicationPassword: String

    /// Creates credentials.
    public init(user: String, applicationPassword: String) {
        self.user = user
        self.applicationPassword = applicationPassword
    }

    /// `alice (application password hidden)`: the password never reaches a log or a
    /// screen through string interpolation.
    public var description: String { "\(user) (application password hidden)" }

    /// Same as ``description``.
    public var debugDescription: String { description }

    /// `Basic base64(user:password)`.
    var authorizationHeader: String {
        "Basic " + Data("\(user):\(applicationPassword)".utf8).base64EncodedString()
    }
}
