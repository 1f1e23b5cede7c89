/// A WordPress REST error: `{"code", "message", "data": {"status"}}`, plus `data.params` for
/// `rest_invalid_param`. Thrown by the handlers, turned into a response at the top.
struct WPError: Error, Sendable {
    let status: Int
    let code: String
    let message: String
    var params: [String: String]?

    var response: MockResponse {
        var data: [String: Any] = ["status": status]
        if let params { data["params"] = params }
        return .json(status: status, ["code": code, "message": message, "data": data])
    }

    static let noRoute = WPError(status: 404, code: "rest_no_route", message: "No route was found matching the URL and request method.")
    static let invalidCommentID = WPError(status: 404, code: "rest_comment_invalid_id", message: "Invalid comment ID.")
    static let invalidJSON = WPError(status: 400, code: "rest_invalid_json", message: "Invalid JSON body passed.")

    static func invalidParam(_ name: String, _ detail: String) -> WPError {
        WPError(status: 400, code: "rest_invalid_param", message: "Invalid parameter(s): \(name)", params: [name: detail])
    }

    /// 401 when nobody is logged in, 403 when someone is but lacks the capability.
    static func forbidden(_ code: String, _ message: String, loggedIn: Bool) -> WPError {
        WPError(status: loggedIn ? 403 : 401, code: code, message: message)
    }
}

extension MockResponse {
    /// A JSON answer with WordPress's content type.
    static func json(status: Int, _ object: Any, headers: [String: String] = [:]) -> MockResponse {
        var allHeaders = headers
        allHeaders["Content-Type"] = "application/json; charset=UTF-8"
        return MockResponse(status: status, headers: allHeaders, body: JSONBody.encode(object))
    }
}
