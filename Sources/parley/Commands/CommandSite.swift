import Foundation
import Synchronization
import CommentsKit
import MockREST
import ParleyConfiguration

/// The site a command talks to, ready: its client, its name, who is logged in.
struct CommandSite: Sendable {
    /// The client.
    let client: WordPressClient
    /// The site's name.
    let name: String
    /// The logged-in user's id; nil when anonymous (or on the mock, which needs no login).
    let userID: Int?
    /// Whether the edit context may be asked for (it brings `content.raw`).
    let canEdit: Bool
    /// Keeps the embedded mock alive for the rest of the process: its host stops answering
    /// when it is released, and a command's last use of its site may come before its writes end.
    private static let mocks = Mutex<[MockServer]>([])

    /// Opens the site `options` point at. Several configured sites and no `--site` is a usage
    /// error (a script must say which); a wrong password is said before anything is done.
    static func open(_ options: TargetOptions, environment: [String: String]) async throws -> CommandSite {
        let configPath = options.site.config.map { URL(fileURLWithPath: $0) } ?? Configuration.defaultPath(environment: environment)
        let file = try Configuration.load(from: configPath, explicit: options.site.config != nil)
        switch try SiteSelection.resolve(options.site, file, environment: environment) {
        case .mock:
            return try mockSite(options.mock)
        case .sites(let sites, let broken):
            guard sites.count + broken.count == 1 else {
                let names = sites.map(\.label) + broken.map(\.name)
                throw CommandFailure.usage("Several sites are configured (\(names.joined(separator: ", "))): choose one with --site NAME.")
            }
            guard let settings = sites.first else { throw CommandFailure.failed(broken.first?.problem ?? "No site to open.") }
            let connection = try await RealSite.connect(settings)
            var userID: Int?
            if connection.client.isLoggedIn {
                userID = try await connection.client.currentUser().id
            }
            return CommandSite(client: connection.client, name: connection.name, userID: userID,
                               canEdit: connection.client.isLoggedIn)
        }
    }

    /// The embedded mock's first site, with the mock options' seed, size and faults.
    private static func mockSite(_ options: MockOptions) throws -> CommandSite {
        var configuration = MockConfiguration()
        configuration.seed = options.seed
        configuration.commentsPerSite = options.mockSize
        configuration.faults = options.faults
        configuration.referenceDate = Date()
        let server = MockServer(configuration)
        mocks.withLock { $0.append(server) }
        guard let site = server.sites.first else { throw CommandFailure.failed("The mock has no site.") }
        let client = try WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration())
        // The mock's open site lets anyone moderate and read the edit context.
        return CommandSite(client: client, name: site.name, userID: nil, canEdit: true)
    }
}
