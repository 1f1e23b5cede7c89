import Foundation
import CommentsKit

/// Connecting to a real WordPress site: find its REST base, build the client with the
/// application password.
enum RealSite {
    static func connect(_ settings: SiteSettings) async throws -> SiteConnection {
        let url = settings.url
        let restBase: URL
        if url.path.contains("wp-json") || url.query?.contains("rest_route") == true {
            restBase = url
        } else {
            restBase = try await WordPressClient.discoverRESTBase(siteRoot: url)
        }
        var credentials: Credentials?
        if let user = settings.user, let password = settings.applicationPassword {
            credentials = Credentials(user: user, applicationPassword: password)
        }
        let timeout = Duration.milliseconds(Int(settings.timeout * 1000))
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
