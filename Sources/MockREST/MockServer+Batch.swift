import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension MockServer {
    /// The URLProtocol path of `POST /batch/v1`, called under the lock: the faults apply to
    /// each sub-request as if it were sent alone (see ``BatchSubRequestFault``), so a batch
    /// fails partly as the same requests sent one by one would. The batch request itself
    /// gets the latency, goes offline with the rest, and is malformed or fails as a whole
    /// only when ``MockFaults/malformedRoutes`` or ``MockFaults/failingRoutes`` name
    /// ``MockRoute/batch``.
    func handleBatch(_ incoming: IncomingRequest) -> (outcome: Result<MockResponse, URLError>, delay: Duration) {
        var own = faultSettings
        if !own.failingRoutes.contains(.batch) { own.failureRate = 0 }
        let plan = FaultPlan.draw(own, route: .batch, random: &faultRandom)
        var answerLost = false
        let serve = { (server: MockServer) -> MockResponse in
            server.backend.respond(to: incoming) { route in
                switch FaultPlan.draw(server.faultSettings, route: route, random: &server.faultRandom) {
                case .serve: return .none
                case .serverError, .fail: return .serverError
                case .applyThenFail:
                    answerLost = true
                    return .applyThenLoseAnswer
                }
            }
        }
        switch plan {
        case .fail(let code, let delay):
            record(incoming, status: nil)
            return (.failure(URLError(code)), delay)
        case .applyThenFail(let code, let delay):
            _ = serve(self)
            record(incoming, status: nil)
            return (.failure(URLError(code)), delay)
        case .serverError(let delay):
            record(incoming, status: 500)
            return (.success(FaultPlan.serverErrorResponse), delay)
        case .serve(let delay, let malformed):
            let response = serve(self)
            guard !answerLost else {
                record(incoming, status: nil)
                return (.failure(URLError(.networkConnectionLost)), delay)
            }
            record(incoming, status: response.status)
            return (.success(malformed ? FaultPlan.malformed(response) : response), delay)
        }
    }
}
