import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A URLRequest taken apart the way WordPress sees it: site, endpoint, method (after
/// `X-HTTP-Method-Override`), merged parameters and the `Authorization` header.
struct IncomingRequest: Sendable {
    let method: String
    /// Path and query, for the request log.
    let target: String
    /// The first path segment, e.g. `site-1`.
    let siteID: String?
    let endpoint: Endpoint
    let parameters: RequestParameters
    /// Set when the body claimed to be JSON and was not: WordPress answers `rest_invalid_json`.
    let bodyError: WPError?
    let authorization: String?

    var route: MockRoute? { endpoint.route(method: method) }

    init(_ request: URLRequest) {
        let url = request.url
        let components = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false) }
        let query = components?.percentEncodedQuery ?? ""
        let path = components?.path ?? "/"
        target = query.isEmpty ? path : path + "?" + query
        var method = (request.httpMethod ?? "GET").uppercased()
        if method == "POST", let override = request.value(forHTTPHeaderField: "X-HTTP-Method-Override") {
            method = override.uppercased()
        }
        self.method = method
        authorization = request.value(forHTTPHeaderField: "Authorization")

        var parameters = RequestParameters(formEncoded: query)
        var bodyError: WPError?
        if let body = Self.body(of: request), !body.isEmpty {
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
