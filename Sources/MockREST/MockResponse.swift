import Foundation

/// An HTTP answer of the mock's synchronous core.
public struct MockResponse: Sendable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields, e.g. `X-WP-Total`, `Link`, `Location`, `Content-Type`.
    public var headers: [String: String]
    /// The body bytes (JSON for REST routes).
    public var body: Data

    /// Creates an answer.
    public init(status: Int, headers: [String: String], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
