import Foundation

/// Builds request URLs under a REST base, in either of WordPress's forms:
/// `https://site/wp-json` + `/wp/v2/comments`, or `https://site/?rest_route=` with the
/// route in the `rest_route` parameter (sites without pretty permalinks).
struct RESTEndpoint: Sendable {
    let base: URL

    /// RFC 3986 unreserved characters, ASCII only. Everything else is escaped, `+` included:
    /// PHP reads a bare `+` in a query as a space.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )
    private static let routeCharacters = unreserved.union(CharacterSet(charactersIn: "/"))

    /// The URL of `route` (e.g. `/wp/v2/comments/12`) with `query` appended in order.
    func url(_ route: String, query: [(String, String)] = []) -> URL? {
        let encodedQuery = query.map { Self.encode($0.0, Self.unreserved) + "=" + Self.encode($0.1, Self.unreserved) }
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return nil }
        let existing = components.percentEncodedQueryItems ?? []
        if let restRoute = existing.first(where: { $0.name == "rest_route" }) {
            let prefix = (restRoute.value?.removingPercentEncoding ?? "").trimmingSuffix("/")
            let others = existing.filter { $0.name != "rest_route" }.map { $0.name + "=" + ($0.value ?? "") }
            let routeItem = "rest_route=" + Self.encode(prefix + route, Self.routeCharacters)
            components.percentEncodedQuery = ([routeItem] + others + encodedQuery).joined(separator: "&")
        } else {
            components.percentEncodedPath = components.percentEncodedPath.trimmingSuffix("/") + route
            let all = existing.map { $0.name + "=" + ($0.value ?? "") } + encodedQuery
            components.percentEncodedQuery = all.isEmpty ? nil : all.joined(separator: "&")
        }
        return components.url.map(Self.reachable)
    }

    /// `url` in a form URLSession can fetch. On Linux, FoundationNetworking (before
    /// swift-corelibs-foundation#5498) fails every URL whose host is an IPv6 literal with
    /// NSURLErrorBadURL (-1000): it checks that curl and `URL.host` agree on the host, and
    /// curl says `[::1]` where `URL.host` says `::1`. The loopback literal is therefore sent
    /// as `localhost`, which curl resolves to `::1` itself (trying it before 127.0.0.1);
    /// other IPv6 literals are refused earlier, with a sentence, when the site is given.
    static func reachable(_ url: URL) -> URL {
        #if canImport(FoundationNetworking)
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let host = components.percentEncodedHost, PlainHTTPPolicy.isIPv6Loopback(host) else { return url }
        components.percentEncodedHost = "localhost"
        return components.url ?? url
        #else
        return url
        #endif
    }

    private static func encode(_ text: String, _ allowed: CharacterSet) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}

extension String {
    /// The string without trailing `suffix` characters.
    fileprivate func trimmingSuffix(_ suffix: Character) -> String {
        var result = Substring(self)
        while result.last == suffix { result = result.dropLast() }
        return String(result)
    }
}
