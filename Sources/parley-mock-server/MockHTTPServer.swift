import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ArgumentParser
import FlyingFox
import MockREST

/// `parley-mock-server`: the embedded mock, served over real HTTP on the loopback
/// interface, so `parley --site http://127.0.0.1:PORT/site-1` exercises the real-site path
/// (discovery, Basic auth, sockets) end to end — and so the mock can be explored with curl.
@main
struct MockHTTPServer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parley-mock-server",
        abstract: "Serve parley's mock WordPress comments API over HTTP on 127.0.0.1.",
        discussion: "Prints the port it listens on, then serves until stopped. Sites are at http://127.0.0.1:PORT/site-1, /site-2, …"
    )

    @Option(help: "The port (0 picks a free one).")
    var port: UInt16 = 0

    @Option(help: "Seed of the mock's data.")
    var seed: UInt64 = 1

    @Option(help: "Comments per site.")
    var mockSize: Int = 300

    @Option(help: "Require this user (with --password) for writes, as WordPress does.")
    var user: String?

    @Option(help: "The application password --user must send.")
    var password: String?

    func validate() throws {
        guard (user == nil) == (password == nil) else { throw ValidationError("--user and --password go together.") }
        guard mockSize >= 0, mockSize <= 2_000_000 else { throw ValidationError("--mock-size must be between 0 and 2000000.") }
    }

    func run() async throws {
        var configuration = MockConfiguration(seed: seed, commentsPerSite: mockSize)
        configuration.referenceDate = Date()
        if let user, let password {
            configuration.credentials = MockCredentials(user: user, applicationPassword: password)
        }
        let mock = MockServer(configuration)
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), handler: MockHandler(mock: mock))
        let serving = Task { try await server.run() }
        try await server.waitUntilListening()
        if case .ip4(_, let boundPort)? = await server.listeningAddress {
            // Unbuffered, so a script reading the port gets it at once.
            FileHandle.standardOutput.write(Data("listening on 127.0.0.1:\(boundPort)\n".utf8))
        }
        try await serving.value
    }

}

/// Hands each HTTP request to the mock and its answer back.
struct MockHandler: HTTPHandler {
    let mock: MockServer

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        var components = URLComponents()
        components.scheme = "http"
        components.host = "127.0.0.1"
        components.path = request.path
        if !request.query.isEmpty {
            components.queryItems = request.query.map { URLQueryItem(name: $0.name, value: $0.value) }
        }
        guard let url = components.url else { return HTTPResponse(statusCode: .badRequest) }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        for (header, value) in request.headers {
            urlRequest.addValue(value, forHTTPHeaderField: header.rawValue)
        }
        urlRequest.httpBody = try await request.bodyData
        let answer = mock.respond(to: urlRequest)
        var headers = HTTPHeaders()
        for (name, value) in answer.headers { headers[HTTPHeader(name)] = value }
        return HTTPResponse(statusCode: HTTPStatusCode(answer.status, phrase: ""), headers: headers, body: answer.body)
    }
}
