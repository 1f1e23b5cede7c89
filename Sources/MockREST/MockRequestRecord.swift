/// One request as the mock saw it, for assertions such as "fetched once".
public struct MockRequestRecord: Sendable, Hashable {
    /// The HTTP method after any `X-HTTP-Method-Override`.
    public var method: String
    /// The path and query of the URL, e.g. `/site-1/wp-json/wp/v2/comments?page=2`.
    public var target: String
    /// The route it resolved to; nil for the index, posts, unknown paths and sites.
    public var route: MockRoute?
    /// The HTTP status answered; nil when the connection failed (offline, dropped).
    public var status: Int?

    /// Creates a record.
    public init(method: String, target: String, route: MockRoute?, status: Int?) {
        self.method = method
        self.target = target
        self.route = route
        self.status = status
    }
}
