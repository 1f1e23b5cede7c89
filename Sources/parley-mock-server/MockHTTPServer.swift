import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ArgumentParser
import FlyingFox
import MockREST
import MockFaultOptions

/// `parley-mock-server`: the embedded mock, served over real HTTP on the loopback
/// interface, so `parley --site http://127.0.0.1:PORT/site-1` exercises the real-site path
/// (discovery, Basic auth, sockets) end to end — and so the mock can be explored with curl.
@main
struct MockHTTPServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parley-mock-server",
        abstract: "Serve parley's mock WordPress comments API over HTTP on the loopback interface.",
        discussion: """
            Prints "listening on HOST:PORT" ([::1]:PORT for IPv6), then serves until stopped. \
            Sites are at http://127.0.0.1:PORT/site-1, /site-2, … (http://[::1]:PORT/site-1 with --host ::1).
            """
    )

    @Option(help: "The loopback address to listen on: 127.0.0.1 or ::1.")
    var host: String = "127.0.0.1"

    @Option(help: "The port (0 picks a free one).")
    var port: UInt16 = 0

    @Option(help: "Seed of the mock's data.")
    var seed: UInt64 = 1

    @Option(help: "Comments per site.")
    var mockSize: Int = 300

    @Option(help: "Require this user (with --password) for writes, as WordPress does; an administrator.")
    var user: String?

    @Option(help: "The application password --user must send.")
    var password: String?

    @Option(name: .customLong("account"), help: ArgumentHelp(
        "Another user, NAME:PASSWORD:ROLE (administrator, editor, author, contributor or subscriber); repeatable.",
        valueName: "name:password:role"))
    var accounts: [String] = []

    @Flag(help: "Let the comment routes be batched through /batch/v1 (WordPress 6.1's do not).")
    var batchComments = false

    @Option(help: ArgumentHelp(
        "Answer as this WordPress where versions differ: \(MockWordPressVersion.allCases.map(\.rawValue).joined(separator: " or ")). The newest by default; 6.1 keeps its shapes (meta [], no targetHints, its index) and has no notes.",
        valueName: "version"))
    var wpVersion: String = MockWordPressVersion.newest.rawValue

    @OptionGroup(title: "Faults") var faults: MockFaultOptions

    @OptionGroup(title: "Another moderator") var outside: MockOutsideChangeOptions

    @Option(help: ArgumentHelp("Add a visitor's comment (approved or pending, sometimes a reply) to every site every n seconds.", valueName: "seconds"))
    var newEvery: Double?

    func validate() throws {
        guard (user == nil) == (password == nil) else { throw ValidationError("--user and --password go together.") }
        for account in accounts where MockAccount(parsing: account) == nil {
            // The value holds a password: name only its user.
            let user = account.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            throw ValidationError("--account for \"\(user)\": expected NAME:PASSWORD:ROLE with ROLE one of \(MockRole.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        guard MockWordPressVersion(rawValue: wpVersion) != nil else {
            throw ValidationError("--wp-version must be one of \(MockWordPressVersion.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        guard mockSize >= 0, mockSize <= 2_000_000 else { throw ValidationError("--mock-size must be between 0 and 2000000.") }
        if let newEvery, !(newEvery > 0 && newEvery <= 86_400) { throw ValidationError("--new-every must be more than 0 and at most 86400 seconds.") }
        try outside.validate()
        // The mock has no authentication worth the name: it must not be reachable from elsewhere.
        guard ["127.0.0.1", "::1"].contains(host) else { throw ValidationError("--host must be 127.0.0.1 or ::1 (the mock serves this machine only).") }
    }

    func run() async throws {
        var configuration = MockConfiguration(seed: seed, commentsPerSite: mockSize)
        configuration.referenceDate = Date()
        if let user, let password {
            configuration.credentials = MockCredentials(user: user, applicationPassword: password)
        }
        configuration.accounts = accounts.compactMap(MockAccount.init(parsing:))
        configuration.faults = faults.faults(seed: seed)
        configuration.batchComments = batchComments
        configuration.wordPressVersion = MockWordPressVersion(rawValue: wpVersion) ?? .newest
        let mock = MockServer(configuration)
        let adding = newEvery.map { mock.addVisitorComments(every: .milliseconds(Int64(($0 * 1000).rounded()))) }
        defer { adding?.cancel() }
        let changing = outside.start(on: mock, seed: seed)
        defer { changing?.cancel() }
        let handler = MockHandler(mock: mock)
        let server = host == "::1"
            ? HTTPServer(address: try .inet6(ip6: host, port: port), handler: handler)
            : HTTPServer(address: try .inet(ip4: host, port: port), handler: handler)
        let serving = Task { try await server.run() }
        try await server.waitUntilListening()
        let bound: String? = switch await server.listeningAddress {
        case .ip4(let ip, let boundPort)?: "\(ip):\(boundPort)"
        case .ip6(let ip, let boundPort)?: "[\(ip)]:\(boundPort)"
        default: nil
        }
        if let bound {
            // Unbuffered, so a script reading the port gets it at once.
            FileHandle.standardOutput.write(Data("listening on \(bound)\n".utf8))
        }
        try await serving.value
    }

}

/// Hands each HTTP request to the mock and its answer back.
struct MockHandler: HTTPHandler {
    let mock: MockServer

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        // The mock builds its links from the URL's host and port, as WordPress answers with
        // the address it was reached at: take them from the Host header. The target stays as
        // sent (percent-encoded), so the mock decodes `+` and `%2B` as PHP does.
        guard let host = URLComponents(string: "http://" + (request.headers[.host] ?? "127.0.0.1")),
              host.host != nil, host.path.isEmpty, host.query == nil,
              let url = URL(string: "http://" + (request.headers[.host] ?? "127.0.0.1") + request.target.rawValue)
        else { return HTTPResponse(statusCode: .badRequest) }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        for (header, value) in request.headers {
            urlRequest.addValue(value, forHTTPHeaderField: header.rawValue)
        }
        urlRequest.httpBody = try await request.bodyData
        return await mock.respondWithFaults(to: urlRequest).httpResponse
    }
}
