import Foundation

/// A WordPress site's identity: its REST base URL, normalised, so that two spellings of one
/// site are one site and two sites on one host (a multisite in subdirectories,
/// `example.com/blog-a` and `example.com/blog-b`) are two.
///
/// Normalising lowercases the scheme and host, drops the default port (80 for `http`, 443
/// for `https`) but keeps any other, drops a user and password written into the address
/// and the fragment, and removes trailing slashes from the path. The `?rest_route=` form
/// (sites without pretty permalinks) stays that form: `https://example.com/?rest_route=`.
public struct SiteAddress: Sendable, Hashable, CustomStringConvertible {
    /// The normalised REST base, e.g. `https://example.com/blog-a/wp-json`.
    public let restBase: URL

    /// Normalises `restBase`; nil unless it is an `http` or `https` URL with a host.
    public init?(restBase: URL) {
        guard var components = URLComponents(url: restBase, resolvingAgainstBaseURL: false),
              let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = components.percentEncodedHost, !host.isEmpty else { return nil }
        components.scheme = scheme
        components.percentEncodedHost = host.lowercased()
        if components.port == (scheme == "http" ? 80 : 443) { components.port = nil }
        components.user = nil
        components.password = nil
        components.fragment = nil
        let path = components.percentEncodedPath.trimmingTrailing("/")
        let query = components.percentEncodedQueryItems ?? []
        if let route = query.first(where: { $0.name == "rest_route" }) {
            let prefix = (route.value?.removingPercentEncoding ?? "").trimmingTrailing("/")
            let others = query.filter { $0.name != "rest_route" }.map { $0.name + ($0.value.map { "=" + $0 } ?? "") }
            let routeItem = "rest_route=" + (prefix.addingPercentEncoding(withAllowedCharacters: Self.routeCharacters) ?? "")
            components.percentEncodedPath = path + "/"
            components.percentEncodedQuery = ([routeItem] + others).joined(separator: "&")
        } else {
            components.percentEncodedPath = path
            if query.isEmpty { components.percentEncodedQuery = nil }
        }
        guard let url = components.url else { return nil }
        self.restBase = url
    }

    /// The key of this site in the stores and in the names of its draft and filter files.
    public var id: SiteID { restBase.absoluteString }

    /// What to call the site when it does not say its own name: host (with a port that is
    /// not the default) and path, without `/wp-json` or the `?rest_route=` part, e.g.
    /// `127.0.0.1:8080/site-2`.
    public var fallbackName: String {
        guard let components = URLComponents(url: restBase, resolvingAgainstBaseURL: false) else { return id }
        var name = components.percentEncodedHost ?? ""
        if let port = components.port { name += ":\(port)" }
        var path = components.percentEncodedPath.trimmingTrailing("/")
        if components.percentEncodedQueryItems?.contains(where: { $0.name == "rest_route" }) != true, path.hasSuffix("/wp-json") {
            path = String(path.dropLast("/wp-json".count))
        }
        return name + (path.removingPercentEncoding ?? path)
    }

    /// The id.
    public var description: String { id }

    /// Why this build cannot talk to `url`, in words, or nil when it can. On Linux,
    /// FoundationNetworking refuses every IPv6 literal host (see `RESTEndpoint.reachable`);
    /// the loopback one, `[::1]`, is sent as `localhost`, any other has no such stand-in.
    public static func unreachableReason(_ url: URL) -> String? {
        #if canImport(FoundationNetworking)
        guard let host = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedHost,
              host.hasPrefix("["), !PlainHTTPPolicy.isIPv6Loopback(host) else { return nil }
        return "parley on Linux cannot reach an IPv6 address written as \(host) (Foundation's URLSession refuses it); use the site's host name."
        #else
        return nil
        #endif
    }

    /// What a `rest_route` prefix may hold unescaped: RFC 3986 unreserved characters and `/`.
    private static let routeCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/"
    )
}

extension String {
    /// The string without trailing `character`s.
    fileprivate func trimmingTrailing(_ character: Character) -> String {
        var result = Substring(self)
        while result.last == character { result = result.dropLast() }
        return String(result)
    }
}
