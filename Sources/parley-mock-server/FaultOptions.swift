import ArgumentParser
import FlyingFox
import FlyingSocks
import MockREST

/// The embedded mock's fault and latency options (as `parley --mock` has them), for the
/// HTTP server. The fault sequence is seeded by the command's `--seed`, like parley's.
struct FaultOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Delay every answer by this many milliseconds.", valueName: "ms"))
    var latency: Int = 0

    @Option(name: .long, help: ArgumentHelp("Add up to this many random milliseconds to each answer (default: a quarter of --latency).", valueName: "ms"))
    var jitter: Int?

    @Option(name: .long, help: ArgumentHelp("Share of requests that fail, from 0 to 1.", valueName: "rate"))
    var failRate: Double = 0

    @Option(name: .long, help: ArgumentHelp("How those requests fail: server-error (HTTP 500 with WordPress's body), dropped-connection (nothing done, the connection closes), or applied-then-dropped (done, then the connection closes before the answer).", valueName: "kind"))
    var failKind: FailKind = .serverError

    @Flag(name: .long, help: "Apply --fail-rate to writes only (replies, moderation, deletes); reads keep working.")
    var failWritesOnly = false

    @Option(name: .long, help: ArgumentHelp("Answer this route with truncated JSON (repeatable): list, get, create, update, delete, users-me.", valueName: "route"))
    var malformed: [MalformedRoute] = []

    func validate() throws {
        guard latency >= 0, latency <= 60_000 else { throw ValidationError("--latency must be between 0 and 60000 ms.") }
        guard (jitter ?? 0) >= 0, (jitter ?? 0) <= 60_000 else { throw ValidationError("--jitter must be between 0 and 60000 ms.") }
        guard failRate >= 0, failRate <= 1 else { throw ValidationError("--fail-rate must be between 0 and 1.") }
    }

    /// The faults these options ask for, their sequence seeded by `seed`.
    func faults(seed: UInt64) -> MockFaults {
        var faults = MockFaults()
        faults.latency = .milliseconds(latency)
        faults.jitter = .milliseconds(jitter ?? latency / 4)
        faults.failureRate = failRate
        faults.failureKind = failKind.kind
        if failWritesOnly { faults.failingRoutes = MockRoute.writes }
        faults.malformedRoutes = Set(malformed.map(\.route))
        faults.seed = seed
        return faults
    }
}

/// `--fail-kind` values.
enum FailKind: String, ExpressibleByArgument, CaseIterable {
    case serverError = "server-error"
    case droppedConnection = "dropped-connection"
    case appliedThenDropped = "applied-then-dropped"

    var kind: MockFailureKind {
        switch self {
        case .serverError: .serverError
        case .droppedConnection: .droppedConnection
        case .appliedThenDropped: .droppedAfterApplying
        }
    }
}

/// `--malformed` values: the mock's routes by short name.
enum MalformedRoute: String, ExpressibleByArgument, CaseIterable {
    case list, get, create, update, delete
    case usersMe = "users-me"

    var route: MockRoute {
        switch self {
        case .list: .listComments
        case .get: .getComment
        case .create: .createComment
        case .update: .updateComment
        case .delete: .deleteComment
        case .usersMe: .usersMe
        }
    }
}

extension MockHTTPOutcome {
    /// The HTTP answer: a dropped connection is a 200 announcing one byte whose body fails,
    /// so FlyingFox closes the socket mid-answer and the client sees the connection lost.
    var httpResponse: HTTPResponse {
        switch self {
        case .answer(let answer):
            var headers = HTTPHeaders()
            for (name, value) in answer.headers { headers[HTTPHeader(name)] = value }
            return HTTPResponse(statusCode: HTTPStatusCode(answer.status, phrase: ""), headers: headers, body: answer.body)
        case .dropped:
            return HTTPResponse(statusCode: .ok, body: HTTPBodySequence(from: DroppedBody(), count: 1))
        }
    }
}

/// A body that fails when read: the connection closes before the answer is complete.
private struct DroppedBody: AsyncBufferedSequence {
    typealias Element = UInt8
    struct Dropped: Error {}

    func makeAsyncIterator() -> Iterator { Iterator() }

    struct Iterator: AsyncBufferedIteratorProtocol {
        mutating func next() async throws -> UInt8? { throw Dropped() }
        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? { throw Dropped() }
    }
}
