import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What `--offline` puts under a real site's client: every request fails at once as if
/// the machine had no network, and nothing leaves it. The store then reads it as any
/// "no network" failure: writes go to the outbox (issue 14).
final class OfflineURLProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        client?.urlProtocol(self, didFailWithError: URLError(.notConnectedToInternet))
    }

    override func stopLoading() {}

    /// A session configuration whose requests all fail this way.
    static var configuration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [OfflineURLProtocol.self]
        return configuration
    }
}
