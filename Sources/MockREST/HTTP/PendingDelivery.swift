import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Carries one answer to its URLProtocol, later and on another thread, unless the load was
/// stopped first. The URLProtocol itself cannot be Sendable (Foundation forbids it), so this
/// lock-guarded holder is what crosses threads; it drops the protocol once done, which
/// breaks the protocol → holder → protocol cycle.
final class PendingDelivery: @unchecked Sendable {
    private let lock = NSLock()
    private var target: URLProtocol?
    private var scheduled: DispatchWorkItem?

    /// Answers with latency share this queue; nothing blocks a thread while waiting.
    private static let queue = DispatchQueue(label: "parley.mockrest.delivery", attributes: .concurrent)

    init(_ target: URLProtocol) {
        self.target = target
    }

    /// Delivers `outcome` after `delay` (at once, but still asynchronously, when zero).
    func schedule(_ outcome: Result<MockResponse, URLError>, after delay: Duration) {
        let work = DispatchWorkItem { [self] in deliver(outcome) }
        lock.withLock { scheduled = work }
        if delay <= .zero {
            Self.queue.async(execute: work)
        } else {
            Self.queue.asyncAfter(deadline: .now() + Self.interval(delay), execute: work)
        }
    }

    /// `stopLoading`: the answer must never reach the client.
    func cancel() {
        let work = lock.withLock {
            target = nil
            defer { scheduled = nil }
            return scheduled
        }
        work?.cancel()
    }

    private func deliver(_ outcome: Result<MockResponse, URLError>) {
        guard let target = lock.withLock({ () -> URLProtocol? in
            defer { self.target = nil; scheduled = nil }
            return self.target
        }) else { return }
        guard let client = target.client else { return }
        switch outcome {
        case .failure(let error):
            client.urlProtocol(target, didFailWithError: error)
        case .success(let response):
            guard let url = target.request.url,
                  let http = HTTPURLResponse(url: url, statusCode: response.status, httpVersion: "HTTP/1.1",
                                             headerFields: response.headers)
            else {
                client.urlProtocol(target, didFailWithError: URLError(.badServerResponse))
                return
            }
            client.urlProtocol(target, didReceive: http, cacheStoragePolicy: .notAllowed)
            if !response.body.isEmpty { client.urlProtocol(target, didLoad: response.body) }
            client.urlProtocolDidFinishLoading(target)
        }
    }

    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(min(seconds, Int64(Int.max / 1_000_000_000 - 1))) * 1_000_000_000
            + Int(attoseconds / 1_000_000_000))
    }
}
