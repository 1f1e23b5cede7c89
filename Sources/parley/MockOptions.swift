import ArgumentParser
import MockREST

/// Options of the embedded mock server.
struct MockOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Delay every mock answer by this many milliseconds.", valueName: "ms"))
    var latency: Int = 0

    @Option(name: .long, help: ArgumentHelp("Add up to this many random milliseconds to each answer (default: a quarter of --latency).", valueName: "ms"))
    var jitter: Int?

    @Option(name: .long, help: ArgumentHelp("Share of mock requests that fail, from 0 to 1.", valueName: "rate"))
    var failRate: Double = 0

    @Option(name: .long, help: ArgumentHelp("How those requests fail: server-error (HTTP 500 with WordPress's body), dropped-connection (nothing done), or applied-then-dropped (done, then the answer is lost).", valueName: "kind"))
    var failKind: FailKind = .serverError

    @Flag(name: .long, help: "Apply --fail-rate to writes only (replies, moderation, deletes); reads keep working.")
    var failWritesOnly = false

    @Option(name: .long, help: ArgumentHelp("Answer this route with truncated JSON (repeatable): list, get, create, update, delete, users-me.", valueName: "route"))
    var malformed: [MalformedRoute] = []

    @Flag(name: .long, help: "Make every mock request fail as if the network were down.")
    var offline = false

    @Option(name: .long, help: ArgumentHelp("Seed of the mock's data and faults: the same seed gives the same comments.", valueName: "n"))
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("Comments per mock site.", valueName: "n"))
    var mockSize: Int = 300

    func validate() throws {
        guard latency >= 0, latency <= 60_000 else { throw ValidationError("--latency must be between 0 and 60000 ms.") }
        guard (jitter ?? 0) >= 0, (jitter ?? 0) <= 60_000 else { throw ValidationError("--jitter must be between 0 and 60000 ms.") }
        guard failRate >= 0, failRate <= 1 else { throw ValidationError("--fail-rate must be between 0 and 1.") }
        guard mockSize >= 0, mockSize <= 2_000_000 else { throw ValidationError("--mock-size must be between 0 and 2000000.") }
    }

    /// The faults these options ask for.
    var faults: MockFaults {
        var faults = MockFaults()
        faults.latency = .milliseconds(latency)
        faults.jitter = .milliseconds(jitter ?? latency / 4)
        faults.failureRate = failRate
        faults.failureKind = failKind.kind
        if failWritesOnly { faults.failingRoutes = MockRoute.writes }
        faults.malformedRoutes = Set(malformed.map(\.route))
        faults.offline = offline
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
