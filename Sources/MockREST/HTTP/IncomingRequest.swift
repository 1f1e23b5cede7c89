import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URLRequest taken apart the way WordPress sees it: site, endpoint, method (after `?_method=`
/// or `X-HTTP-Method-Override`, whatever the method sent), merged parameters, the
/// `Authorization` header, and the origin the request was sent to.
struct IncomingRequest: Sendable {
    let method: String
    /// Path and query, for the request log.
    let target: String
    /// The first path segment, e.g. `site-1`.
    let siteID: String?
    let endpoint: Endpoint
    let parameters: RequestParameters
    /// The query string's parameters alone (`$_GET`), which pagination links repeat.
    let queryParameters: RequestParameters
    /// Set when the body claimed to be JSON and was not: WordPress answers `rest_invalid_json`.
    let bodyError: WPError?
    let authorization: String?
    /// The body as sent: `/batch/v1` reads its nested requests from it (``parameters`` keeps
    /// only the top level's scalars and lists).
    let body: Data
    /// `scheme://host[:port]` as the request named it: WordPress's links point where the
    /// client found the site, so the mock builds `Link`, `Location` and `_links` from this.
    let origin: String
    /// The REST API root of the request's site as reached by this request, without the
    /// trailing slash, e.g. `http://127.0.0.1:8081/site-1/wp-json`.
    var apiRoot: String { origin + "/" + (siteID ?? "") + "/wp-json" }

    var route: MockRoute? { endpoint.route(method: method) }

    init(_ request: URLRequest) {
        let url = request.url
        let components = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        let query = components?.percentEncodedQuery ?? ""
        let path = components?.path ?? "/"
        target = query.isEmpty ? path : path + "?" + query
        authorization = request.value(forHTTPHeaderField: "Authorization")
        origin = Self.origin(of: components)

        var parameters = RequestParameters(formEncoded: query)
        queryParameters = parameters
        if let override = parameters.text("_method") ?? request.value(forHTTPHeaderField: "X-HTTP-Method-Override") {
            method = override.uppercased()
        } else {
            method = (request.httpMethod ?? "GET").uppercased()
        }
        var bodyError: WPError?
        let body = Self.body(of: request) ?? Data()
        self.body = body
        if !body.isEmpty {
            let contentType = request.value(forHTTPHeaderField: "Content-Type")?.lowercased() ?? ""
            if contentType.contains("json") {
                if let object = JSONBody.decode(body) as? [String: Any] {
                    parameters.merge(overriding: RequestParameters(jsonObject: object))
                } else {
                    bodyError = .invalidJSON
                }
            } else if contentType.contains("x-www-form-urlencoded") {
                parameters.merge(overriding: RequestParameters(formEncoded: String(decoding: body, as: UTF8.self)))
            }
        }
        self.parameters = parameters
        self.bodyError = bodyError

        let segments = path.split(separator: "/")
        siteID = segments.first.map(String.init)
        endpoint = Self.endpoint(segments.dropFirst(), restRoute: parameters.text("rest_route"))
    }

    private static func endpoint(_ segments: ArraySlice<Substring>, restRoute: String?) -> Endpoint {
        if segments.first == "wp-json" {
            return Endpoint(routeComponents: Array(segments.dropFirst()))
        }
        guard segments.isEmpty || segments.elementsEqual(["index.php"]) else { return .unknown }
        guard let restRoute else { return .home }
        return Endpoint(routeComponents: restRoute.split(separator: "/"))
    }

    private static func origin(of components: URLComponents?) -> String {
        let scheme = components?.scheme ?? "http"
        var host = components?.host ?? "localhost"
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        return scheme + "://" + host + (components?.port.map { ":\($0)" } ?? "")
    }

    /// The body bytes: `httpBody` on Linux, a stream where Foundation converted it.
    private static func body(of request: URLRequest) -> Data? {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return nil }
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while stream.hasBytesAvailable {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
