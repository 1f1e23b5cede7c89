import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import CommentsKit
import ParleyConfiguration

/// Connecting to a real WordPress site: find its REST base and name, build the client with
/// the application password.
enum RealSite {
    /// The site's connection, keyed by its normalised REST base (``SiteAddress``) and named by
    /// its own index, or by host and path when the index does not say. `configuration` is
    /// for tests (the in-process mock).
    /// With `known` (where the API was found last time: ``KnownSites``), nothing is asked
    /// of the network here.
    static func connect(
        _ settings: SiteSettings, known: (address: SiteAddress, name: String)? = nil, configuration: URLSessionConfiguration = .default
    ) async throws -> SiteConnection {
        let url = settings.url
        let address: SiteAddress
        let name: String?
        if let known {
            address = known.address
            name = known.name
        } else if url.path.contains("wp-json") || url.query?.contains("rest_route") == true {
            guard let given = SiteAddress(restBase: url) else {
                throw LaunchError("\(url.absoluteString) is not a web address parley can use.")
            }
            address = given
            // Only for the name: a site whose index cannot be read still lists, or says why.
            name = (try? await WordPressClient.index(of: given, configuration: configuration))?.name
        } else {
            let index = try await WordPressClient.discoverRESTBase(siteRoot: url, configuration: configuration)
            address = index.address
            name = index.name
        }
        var credentials: Credentials?
        if let user = settings.user, let password = settings.applicationPassword {
            credentials = Credentials(user: user, applicationPassword: password)
        }
        let timeout = Duration.milliseconds(Int(settings.timeout * 1000))
        let client = try WordPressClient(restBase: address.restBase, credentials: credentials, configuration: configuration, timeout: timeout)
        return SiteConnection(id: address.id, name: name ?? address.fallbackName, client: client)
    }
}
