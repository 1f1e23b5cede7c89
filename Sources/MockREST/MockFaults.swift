/// Faults the mock injects into requests that go through ``MockURLProtocol``.
///
/// The synchronous core (``MockServer/respond(to:)``) ignores them. Every request consumes
/// the same number of draws from a PRNG seeded with ``seed``, so the same seed and the same
/// request sequence give the same faults whatever the other settings are.
public struct MockFaults: Sendable, Hashable {
    /// Delay before every answer unless ``routeLatency`` names the route.
    public var latency: Duration = .zero
    /// Extra random delay, uniform in `0...jitter`, added to the latency.
    public var jitter: Duration = .zero
    /// Per-route latency that replaces ``latency`` (race tests: a slow list, a fast delete).
    public var routeLatency: [MockRoute: Duration] = [:]
    /// Probability (0…1) that a request fails with ``failureKind`` instead of being served.
    /// A failed request changes nothing on the server, except with
    /// ``MockFailureKind/droppedAfterApplying``, which carries it out and loses the answer.
    public var failureRate: Double = 0
    /// What an injected failure looks like.
    public var failureKind: MockFailureKind = .serverError
    /// The routes ``failureRate`` applies to; empty means every route. `MockRoute.writes`
    /// fails what changes data while reads keep working (a server refusing writes).
    public var failingRoutes: Set<MockRoute> = []
    /// Routes whose successful answers arrive with a truncated (malformed) JSON body.
    /// The request itself is carried out.
    public var malformedRoutes: Set<MockRoute> = []
    /// Every request fails at once with `URLError.notConnectedToInternet`.
    public var offline: Bool = false
    /// Seed of the fault sequence.
    public var seed: UInt64 = 1

    /// Creates a fault set; the defaults inject nothing.
    public init(
        latency: Duration = .zero,
        jitter: Duration = .zero,
        routeLatency: [MockRoute: Duration] = [:],
        failureRate: Double = 0,
        failureKind: MockFailureKind = .serverError,
        failingRoutes: Set<MockRoute> = [],
        malformedRoutes: Set<MockRoute> = [],
        offline: Bool = false,
        seed: UInt64 = 1
    ) {
        self.latency = latency
        self.jitter = jitter
        self.routeLatency = routeLatency
        self.failureRate = failureRate
        self.failureKind = failureKind
        self.failingRoutes = failingRoutes
        self.malformedRoutes = malformedRoutes
        self.offline = offline
        self.seed = seed
    }
}
