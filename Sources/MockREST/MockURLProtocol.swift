import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Routes URLSession requests to the live ``MockServer`` that owns the URL's host.
///
/// Put it in a session's `protocolClasses` (``MockServer/sessionConfiguration()`` does).
/// Not `Sendable`: Foundation makes that conformance unavailable for URLProtocol subclasses;
/// the cross-thread part lives in ``PendingDelivery``, which also explains why, on Linux,
/// answers reach the client only from inside `startLoading()` and why that can run twice.
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

    /// The first call hands the request to its server, which answers at once or on its
    /// thread (``MockServer/serving``); the answer is delivered once made, or after the
    /// injected latency. A later call (the task was suspended and resumed, which is how a
    /// delayed answer gets back onto the task's work queue) hands over an answer that is
    /// ready; the request is never carried out twice.
    override public func startLoading() {
        if let pending {
            pending.startLoadingAgain()
            return
        }
        let delivery = PendingDelivery(self)
        pending = delivery
        guard let server = ServerRegistry.shared.server(forHost: request.url?.host) else {
            // The server went away between canInit and now: like a host that stopped listening.
            delivery.deliver(.failure(URLError(.cannotConnectToHost)), after: .zero)
            return
        }
        let request = request
        guard let serving = server.serving else {
            let (outcome, delay) = server.handle(request)
            delivery.deliver(outcome, after: delay)
            return
        }
        serving.submit {
            guard delivery.isAwaited else { return }
            let (outcome, delay) = server.handle(request)
            delivery.deliverLater(outcome, after: delay)
        }
    }

    /// Drops a pending answer when the task is cancelled or timed out; keeps it across a
    /// suspension.
    override public func stopLoading() {
        pending?.stop()
    }
}
