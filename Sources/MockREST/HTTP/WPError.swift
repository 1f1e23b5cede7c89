import Foundation

/// A WordPress REST error: `{"code", "message", "data": {"status"}}`, plus `data.params` and
/// `data.details` for `rest_invalid_param`. Thrown by the handlers, turned into a response at the top.
struct WPError: Error, Sendable {
    let status: Int
    let code: String
    let message: String
    var params: [String: String]?
    /// Per parameter: the validation error's own code, and whether its `data` names the parameter.
    var details: [String: (code: String, param: String?)]?
    /// PHP's `json_last_error()` and its message, for `rest_invalid_json`.
    var jsonError: (code: Int, message: String)?

    init(status: Int, code: String, message: String, params: [String: String]? = nil,
         details: [String: (code: String, param: String?)]? = nil) {
        self.status = status
        self.code = code
        self.message = message
        self.params = params
        self.details = details
    }

    var response: MockResponse {
        var data: [String: Any] = ["status": status]
        if let params { data["params"] = params }
        if let jsonError {
            data["json_error_code"] = jsonError.code
            data["json_error_message"] = jsonError.message
        }
        if let details, let params {
            data["details"] = details.reduce(into: [String: Any]()) { result, entry in
                result[entry.key] = [
                    "code": entry.value.code, "message": params[entry.key] ?? "",
                    "data": entry.value.param.map { ["param": $0] as Any } ?? NSNull(),
                ] as [String: Any]
            }
        }
        return .json(status: status, ["code": code, "message": message, "data": data])
    }

    static let noRoute = WPError(status: 404, code: "rest_no_route", message: "No route was found matching the URL and request method.")
    static let invalidCommentID = WPError(status: 404, code: "rest_comment_invalid_id", message: "Invalid comment ID.")
    /// A body that is not JSON: PHP calls every such failure the mock sees a syntax error (4).
    static let invalidJSON: WPError = {
        var error = WPError(status: 400, code: "rest_invalid_json", message: "Invalid JSON body passed.")
        error.jsonError = (4, "Syntax error")
        return error
    }()

    /// The kinds of parameter validation failure, with WordPress's code for each.
    enum Invalid: String {
        case type = "rest_invalid_type"
        case outOfBounds = "rest_out_of_bounds"
        case notInEnum = "rest_not_in_enum"
        case date = "rest_invalid_date"
        case email = "rest_invalid_email"
        case tooManyItems = "rest_too_many_items"
    }

    /// `rest_invalid_param` for one parameter. `param` is what a type error names (e.g. `post[0]`).
    static func invalidParam(_ name: String, _ detail: String, _ kind: Invalid, param: String? = nil) -> WPError {
        WPError(status: 400, code: "rest_invalid_param", message: "Invalid parameter(s): \(name)", params: [name: detail],
                details: [name: (kind.rawValue, kind == .type ? (param ?? name) : nil)])
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
