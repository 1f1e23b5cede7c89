import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the fault injector decided for one request.
enum FaultPlan: Sendable {
    /// Serve normally (possibly with a corrupted body) after `delay`.
    case serve(delay: Duration, malformed: Bool)
    /// Answer 500 with WordPress's critical-error body after `delay`; nothing is changed.
    case serverError(delay: Duration)
    /// Fail the connection with this code after `delay`; nothing is changed.
    case fail(URLError.Code, delay: Duration)
    /// Carry the request out, then fail the connection with this code after `delay`.
    case applyThenFail(URLError.Code, delay: Duration)

    /// Draws the plan for a request on `route`. Always takes exactly two draws, so the sequence
    /// depends only on the seed and the number of requests, not on which faults are enabled.
    static func draw(_ faults: MockFaults, route: MockRoute?, random: inout SplitMix64) -> FaultPlan {
        let failureRoll = random.unit()
        let jitterRoll = random.unit()
        if faults.offline { return .fail(.notConnectedToInternet, delay: .zero) }
        var delay = route.flatMap { faults.routeLatency[$0] } ?? faults.latency
        delay += faults.jitter * jitterRoll
        let routeCanFail = faults.failingRoutes.isEmpty || route.map(faults.failingRoutes.contains) == true
        if routeCanFail, failureRoll < faults.failureRate {
            switch faults.failureKind {
            case .serverError: return .serverError(delay: delay)
            case .droppedConnection: return .fail(.networkConnectionLost, delay: delay)
            case .droppedAfterApplying: return .applyThenFail(.networkConnectionLost, delay: delay)
            case .timedOutAfterApplying: return .applyThenFail(.timedOut, delay: delay)
            }
        }
        return .serve(delay: delay, malformed: route.map { faults.malformedRoutes.contains($0) } ?? false)
    }

    /// The body WordPress sends when PHP dies ("There has been a critical error…").
    static let serverErrorResponse = MockResponse.json(status: 500, [
        "code": "internal_server_error",
        "message": "<p>There has been a critical error on this website.</p><p><a href=\"https://wordpress.org/documentation/article/faq-troubleshooting/\">Learn more about troubleshooting WordPress.</a></p>",
        "data": ["status": 500],
        "additional_errors": [Any](),
    ])

    /// Cuts a JSON body in half, as a connection closed mid-body would.
    static func malformed(_ response: MockResponse) -> MockResponse {
        var broken = response
        broken.body = response.body.prefix(max(1, response.body.count / 2))
        return broken
    }
}
