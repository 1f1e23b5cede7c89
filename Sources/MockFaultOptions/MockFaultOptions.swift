import ArgumentParser
import MockREST

/// The mock's fault and latency options, one definition for both commands that run a mock:
/// `parley` (the embedded mock) and `parley-mock-server`. The fault sequence is seeded by
/// each command's own `--seed`.
package struct MockFaultOptions: ParsableArguments, Sendable {
    /// Options parsed from the command line (ArgumentParser's initialiser).
    package init() {}

    @Option(name: .long, help: ArgumentHelp("Delay every answer by this many milliseconds.", valueName: "ms"))
    package var latency: Int = 0

    @Option(name: .long, help: ArgumentHelp("Add up to this many random milliseconds to each answer (default: a quarter of --latency).", valueName: "ms"))
    package var jitter: Int?

    @Option(name: .long, help: ArgumentHelp("Share of requests that fail, from 0 to 1.", valueName: "rate"))
    package var failRate: Double = 0

    @Option(name: .long, help: ArgumentHelp("How those requests fail: server-error (HTTP 500 with WordPress's body), dropped-connection (nothing done, the connection closes), or applied-then-dropped (done, then the connection closes before the answer).", valueName: "kind"))
    package var failKind: FailKind = .serverError

    @Flag(name: .long, help: "Apply --fail-rate to writes only (replies, moderation, deletes); reads keep working.")
    package var failWritesOnly = false

    @Option(name: .long, help: ArgumentHelp("Answer this route with truncated JSON (repeatable): list, get, create, update, delete, users-me.", valueName: "route"))
    package var malformed: [MalformedRoute] = []

    /// Checks the ranges; a sentence for each mistake.
    package func validate() throws {
        guard latency >= 0, latency <= 60_000 else { throw ValidationError("--latency must be between 0 and 60000 ms.") }
        guard (jitter ?? 0) >= 0, (jitter ?? 0) <= 60_000 else { throw ValidationError("--jitter must be between 0 and 60000 ms.") }
        guard failRate >= 0, failRate <= 1 else { throw ValidationError("--fail-rate must be between 0 and 1.") }
    }

    /// The faults these options ask for, their sequence seeded by `seed`.
    package func faults(seed: UInt64) -> MockFaults {
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
package enum FailKind: String, ExpressibleByArgument, CaseIterable, Sendable {
    case serverError = "server-error"
    case droppedConnection = "dropped-connection"
    case appliedThenDropped = "applied-then-dropped"

    /// The mock's failure kind.
    package var kind: MockFailureKind {
        switch self {
        case .serverError: .serverError
        case .droppedConnection: .droppedConnection
        case .appliedThenDropped: .droppedAfterApplying
        }
    }
}

/// `--malformed` values: the mock's routes by short name.
package enum MalformedRoute: String, ExpressibleByArgument, CaseIterable, Sendable {
    case list, get, create, update, delete
    case usersMe = "users-me"

    /// The mock's route.
    package var route: MockRoute {
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
