import Foundation
import Synchronization
import CommentsKit
import CommentsReplica
import MockREST
import ParleyConfiguration

/// The site a command talks to, ready: its client, its name, who is logged in.
struct CommandSite: Sendable {
    /// The client.
    let client: WordPressClient
    /// The site's name.
    let name: String
    /// The logged-in user; nil when anonymous (or on the mock, which needs no login).
    let user: WordPressUser?
    /// Whether the edit context may be asked for (it brings `content.raw`).
    let canEdit: Bool
    /// The site's key (its REST base), as the write log names it.
    var id: SiteID = ""
    /// Where the command's writes are logged (`parley log`); nil: nowhere.
    var writeLog: WriteLogFile?
    /// What the site's local replica is kept under (its address and who asks, as the
    /// terminal interface keeps it: ``ReplicaCache``); nil on the embedded mock, which has none.
    var replicaKey: SiteID?

    /// The logged-in user's id; nil when anonymous.
    var userID: Int? { user?.id }

    /// Logs a write of the command's to comment `comment`: `change`, ended with `outcome`.
    func log(_ comment: Int, _ change: WriteRecord.Change, _ outcome: Result<some Any, CommentsError>) {
        let ended: WriteRecord.Outcome = switch outcome {
        case .success: .done
        case .failure(let error): .failed(WriteBatch.sentence(error))
        }
        writeLog?.append(WriteRecord(time: Date(), site: id, siteName: name, comment: comment, actor: .parley, user: user?.name,
                                     userID: user?.id, change: change, outcome: ended, via: .cli))
    }
    /// Keeps the embedded mock alive for the rest of the process: its host stops answering
    /// when it is released, and a command's last use of its site may come before its writes end.
    private static let mocks = Mutex<[MockServer]>([])

    /// The site every command opens instead of the one its options name: a test's own mock,
    /// whose comments stay changed from one command to the next. Nil in a run.
    @TaskLocal static var substitute: CommandSite?

    /// Opens the site `options` point at. Several configured sites and no `--site` is a usage
    /// error (a script must say which); a wrong password is said before anything is done.
    /// `io`: where a write log that cannot be written is said (stderr when nil).
    static func open(_ options: TargetOptions, environment: [String: String], io: CommandIO? = nil) async throws -> CommandSite {
        if let substitute { return substitute }
        let configPath = options.site.config.map { URL(fileURLWithPath: $0) } ?? Configuration.defaultPath(environment: environment)
        let file = try Configuration.load(from: configPath, explicit: options.site.config != nil)
        var site = try await open(options, file: file, environment: environment)
        site.writeLog = WriteLogFile.standard(environment: environment) { problem in
            guard let io else { return FileHandle.standardError.write(Data("parley: warning: \(problem)\n".utf8)) }
            io.error("parley: warning: \(problem)")
        }
        return site
    }

    private static func open(_ options: TargetOptions, file: Configuration, environment: [String: String]) async throws -> CommandSite {
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
            var user: WordPressUser?
            if connection.client.isLoggedIn {
                user = try await connection.client.currentUser()
            }
            return CommandSite(client: connection.client, name: connection.name, user: user,
                               canEdit: connection.client.isLoggedIn, id: connection.id,
                               replicaKey: ReplicaCache.key(of: connection.id, user: connection.client.userName ?? ""))
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
        return try mock(server)
    }

    /// The first site of `server` (tests hand their own mock).
    static func mock(_ server: MockServer) throws -> CommandSite {
        guard let site = server.sites.first else { throw CommandFailure.failed("The mock has no site.") }
        let client = try WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration())
        // The mock's open site lets anyone moderate and read the edit context.
        return CommandSite(client: client, name: site.name, user: nil, canEdit: true, id: site.id)
    }
}
