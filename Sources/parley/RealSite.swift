import Foundation
import CommentsKit

/// Connecting to a real WordPress site: find its REST base, build the client with the
/// application password from the environment.
enum RealSite {
    /// The environment variable holding the application password.
    static let passwordVariable = "PARLEY_APP_PASSWORD"

    static func connect(url: URL, options: SiteOptions, environment: [String: String]) async throws -> SiteConnection {
        let restBase: URL
        if url.path.contains("wp-json") || url.query?.contains("rest_route") == true {
            restBase = url
        } else {
            restBase = try await WordPressClient.discoverRESTBase(siteRoot: url)
        }
        var credentials: Credentials?
        if let user = options.user {
            guard let password = environment[passwordVariable], !password.isEmpty else {
                throw LaunchError("--user \(user) needs an application password in \(passwordVariable).")
            }
            credentials = Credentials(user: user, applicationPassword: password)
        }
        let timeout = Duration.milliseconds(Int(options.timeout * 1000))
        let client = try WordPressClient(restBase: restBase, credentials: credentials, timeout: timeout)
        let host = url.host ?? url.absoluteString
        return SiteConnection(id: host, name: host, client: client)
    }
}

/// A start-up problem, in words.
struct LaunchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
