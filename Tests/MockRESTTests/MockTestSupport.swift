import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import MockREST

/// Small helpers to talk to the server core in tests.
extension MockServer {
    /// `method route` against site `site` (0-based), e.g. `call("GET", "/wp/v2/comments?page=2")`.
    func call(
        _ method: String, _ route: String, site: Int = 0, json: [String: Any]? = nil,
        user: String? = nil, password: String? = nil
    ) -> MockResponse {
        respond(to: request(method, route, site: site, json: json, user: user, password: password))
    }

    func request(
        _ method: String, _ route: String, site: Int = 0, json: [String: Any]? = nil,
        user: String? = nil, password: String? = nil
    ) -> URLRequest {
        let base = sites[site].restBase.absoluteString
        var request = URLRequest(url: URL(string: base + route) ?? sites[site].restBase)
        request.httpMethod = method
        if let json {
            request.httpBody = try? JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let user, let password {
            request.setValue("Basic " + Data("\(user):\(password)".utf8).base64EncodedString(), forHTTPHeaderField: "Authorization")
        }
        return request
    }
}

extension MockResponse {
    var json: Any? { try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
    var array: [[String: Any]] { json as? [[String: Any]] ?? [] }
    var object: [String: Any] { json as? [String: Any] ?? [:] }
    var code: String? { object["code"] as? String }
    var ids: [Int] { array.compactMap { $0["id"] as? Int } }
    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

/// Small, fast data sets for most tests.
func smallServer(comments: Int = 60, credentials: MockCredentials? = nil, seed: UInt64 = 7) -> MockServer {
    MockServer(MockConfiguration(seed: seed, siteCount: 2, commentsPerSite: comments, credentials: credentials))
}

let moderator = MockCredentials(user: "editor", applicationPassword: "abcd efgh ijkl mnop")
