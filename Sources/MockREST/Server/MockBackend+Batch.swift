import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the fault plan does to one sub-request of a `/batch/v1` request.
enum BatchSubRequestFault: Sendable {
    /// Nothing: it is carried out and answered.
    case none
    /// It is answered with WordPress's HTTP 500 (critical error) and nothing is done.
    case serverError
    /// It is carried out, and then the whole batch's answer is lost (the connection drops):
    /// the client cannot tell which sub-requests were done.
    case applyThenLoseAnswer
}

/// `POST /batch/v1`, as WordPress ≥ 5.6 serves it (`WP_REST_Server::serve_batch_request_v1`):
/// a body `{"validation": "normal" | "require-all-validate", "requests": [{"method", "path",
/// "body"}, …]}` of at most 25 requests (`maxItems` of the route's `requests` argument), each
/// carried out in order as if sent alone, by the same caller. The answer is `207 Multi-Status`
/// with `{"responses": [{"body", "status", "headers"}, …]}` in the same order.
///
/// A sub-request is refused (without running) when no route matches it (`rest_no_route`,
/// 404) or when its route does not declare `allow_batch` (`rest_batch_not_allowed`, 400): on
/// WordPress 6.1 that is every comment route, so the mock's comment routes allow batching
/// only with ``MockConfiguration/batchComments``. With `require-all-validate`, one refused
/// sub-request stops them all: `{"failed": "validation", "responses": [error or null, …]}`.
extension MockBackend {
    /// The batch size WordPress allows by default (`rest_get_max_batch_size`).
    static let maxBatchSize = 25

    /// One sub-request, parsed: what it asks, or why it cannot run.
    private enum SubRequest {
        case valid(IncomingRequest)
        case refused(WPError)
    }

    mutating func batch(
        _ call: Call, site position: Int, subRequestFault: (MockRoute?) -> BatchSubRequestFault
    ) throws(WPError) -> MockResponse {
        let requests = try Self.batchArguments(call)
        let validation = (JSONBody.decode(call.request.body) as? [String: Any])?["validation"] as? String ?? "normal"
        guard ["normal", "require-all-validate"].contains(validation) else {
            throw .invalidParam("validation", "validation is not one of require-all-validate and normal.", .notInEnum)
        }
        let parsed = requests.map { subRequest($0, of: call.request) }
        let refused = parsed.contains { if case .refused = $0 { true } else { false } }
        if refused, validation == "require-all-validate" {
            let responses: [Any] = parsed.map {
                if case .refused(let error) = $0 { Self.envelope(error.response) } else { NSNull() }
            }
            return .json(status: 207, ["failed": "validation", "responses": responses])
        }
        var responses: [Any] = []
        for sub in parsed {
            switch sub {
            case .refused(let error):
                responses.append(Self.envelope(error.response))
            case .valid(let request):
                switch subRequestFault(request.route) {
                case .serverError: responses.append(Self.envelope(FaultPlan.serverErrorResponse))
                case .none, .applyThenLoseAnswer: responses.append(Self.envelope(respond(to: request)))
                }
            }
        }
        return .json(status: 207, ["responses": responses])
    }

    /// The `requests` argument, validated as WordPress's schema does.
    private static func batchArguments(_ call: Call) throws(WPError) -> [[String: Any]] {
        guard let object = JSONBody.decode(call.request.body) as? [String: Any], let value = object["requests"] else {
            throw WPError(status: 400, code: "rest_missing_callback_param", message: "Missing parameter(s): requests")
        }
        guard let list = value as? [Any] else {
            throw .invalidParam("requests", "requests is not of type array.", .type)
        }
        guard list.count <= maxBatchSize else {
            throw .invalidParam("requests", "requests must contain at most \(maxBatchSize) items.", .tooManyItems)
        }
        var requests: [[String: Any]] = []
        for (index, element) in list.enumerated() {
            guard let request = element as? [String: Any] else {
                throw .invalidParam("requests", "requests[\(index)] is not of type object.", .type, param: "requests[\(index)]")
            }
            let method = (request["method"] as? String) ?? "POST"
            guard ["POST", "PUT", "PATCH", "DELETE"].contains(method) else {
                throw .invalidParam("requests", "requests[\(index)][method] is not one of POST, PUT, PATCH, and DELETE.", .notInEnum)
            }
            guard request["path"] is String else {
                throw .invalidParam("requests", "requests[\(index)][path] is a required property of requests[\(index)].", .type)
            }
            requests.append(request)
        }
        return requests
    }

    /// A sub-request as a request of its own to the same site, by the same caller; refused
    /// when no route matches it or its route does not allow batching.
    private func subRequest(_ arguments: [String: Any], of batch: IncomingRequest) -> SubRequest {
        let path = arguments["path"] as? String ?? ""
        guard path.hasPrefix("/"), let url = URL(string: batch.apiRoot + path) else { return .refused(.noRoute) }
        var request = URLRequest(url: url)
        request.httpMethod = (arguments["method"] as? String) ?? "POST"
        if let authorization = batch.authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        if let body = arguments["body"] as? [String: Any], !body.isEmpty {
            request.httpBody = JSONBody.encode(body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let incoming = IncomingRequest(request)
        guard let route = incoming.route else { return .refused(.noRoute) }
        guard allowsCommentBatch, [.createComment, .updateComment, .deleteComment].contains(route) else {
            return .refused(WPError(status: 400, code: "rest_batch_not_allowed",
                                    message: "The requested route does not support batch requests."))
        }
        return .valid(incoming)
    }

    /// One answer as a batch response carries it: its body, status and headers.
    private static func envelope(_ response: MockResponse) -> [String: Any] {
        var headers: [String: String] = [:]
        for name in ["Allow", "Location"] { headers[name] = response.headers[name] }
        return ["body": JSONBody.decode(response.body) ?? NSNull(), "status": response.status, "headers": headers]
    }
}
