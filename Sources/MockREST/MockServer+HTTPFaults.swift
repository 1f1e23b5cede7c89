import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a request reaching the mock over a real socket gets once its faults are applied.
public enum MockHTTPOutcome: Sendable {
    /// Send this answer (possibly WordPress's HTTP 500 or a truncated body).
    case answer(MockResponse)
    /// Drop the connection without a complete answer (a dropped connection, offline, or a
    /// write carried out whose answer is lost).
    case dropped
}

extension MockServer {
    /// The socket path of `parley-mock-server`: the same faults, latency and log as the
    /// URLProtocol path (``handle(_:)``), waited out here instead of by a delivery queue.
    public func respondWithFaults(to request: URLRequest) async -> MockHTTPOutcome {
        let (outcome, delay) = handle(request)
        if delay > .zero { try? await Task.sleep(for: delay) }
        switch outcome {
        case .success(let response): return .answer(response)
        case .failure: return .dropped
        }
    }
}
