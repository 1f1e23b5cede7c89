import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Routes URLSession requests to the live ``MockServer`` that owns the URL's host.
///
/// Put it in a session's `protocolClasses` (``MockServer/sessionConfiguration()`` does).
/// Not `Sendable`: Foundation makes that conformance unavailable for URLProtocol subclasses;
/// the cross-thread part lives in ``PendingDelivery``.
public final class MockURLProtocol: URLProtocol {
    private var pending: PendingDelivery?

    /// Claims requests whose host belongs to a live mock server.
    override public class func canInit(with request: URLRequest) -> Bool {
        ServerRegistry.shared.server(forHost: request.url?.host) != nil
    }

    /// Requests are served as they are.
    override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    /// Hands the request to its server and schedules the answer after the injected latency.
    override public func startLoading() {
        let delivery = PendingDelivery(self)
        pending = delivery
        guard let server = ServerRegistry.shared.server(forHost: request.url?.host) else {
            // The server went away between canInit and now: like a host that stopped listening.
            delivery.schedule(.failure(URLError(.cannotConnectToHost)), after: .zero)
            return
        }
        let (outcome, delay) = server.handle(request)
        delivery.schedule(outcome, after: delay)
    }

    /// Cancels a pending answer (task cancelled or timed out).
    override public func stopLoading() {
        pending?.cancel()
    }
}
