import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A write on one comment, as a request of its own or as a sub-request of `/batch/v1`.
public enum CommentWrite: Sendable, Hashable {
    /// `POST /wp/v2/comments/<id>` with `{"status": …}`.
    case status(id: Int, StatusUpdate)
    /// `DELETE /wp/v2/comments/<id>`: into the trash.
    case trash(id: Int)
    /// `DELETE /wp/v2/comments/<id>?force=true`: gone for good.
    case deletePermanently(id: Int)

    /// The comment written.
    public var id: Int {
        switch self {
        case .status(let id, _), .trash(let id), .deletePermanently(let id): id
        }
    }

    /// The write that `moderation` of comment `id` is.
    public static func moderation(_ moderation: Moderation, id: Int) -> CommentWrite {
        switch moderation {
        case .approve: .status(id: id, .approve)
        case .hold: .status(id: id, .hold)
        case .spam: .status(id: id, .spam)
        case .trash: .trash(id: id)
        case .restore: .status(id: id, .untrash)
        }
    }

    /// The sub-request of a batch: method, route (with its query) and body.
    fileprivate var subRequest: BatchSubRequest {
        switch self {
        case .status(let id, let update): BatchSubRequest(method: "POST", path: "/wp/v2/comments/\(id)", body: StatusBody(status: update.rawValue))
        case .trash(let id): BatchSubRequest(method: "DELETE", path: "/wp/v2/comments/\(id)", body: nil)
        case .deletePermanently(let id): BatchSubRequest(method: "DELETE", path: "/wp/v2/comments/\(id)?force=true", body: nil)
        }
    }
}

/// `POST /batch/v1`'s body. `normal` validation: each sub-request stands alone (with
/// `require-all-validate`, one refused sub-request would stop all of them).
private struct BatchBody: Encodable {
    var validation = "normal"
    let requests: [BatchSubRequest]
}

/// One of `requests`.
private struct BatchSubRequest: Encodable {
    let method: String
    let path: String
    let body: StatusBody?
}

/// Batching (WordPress's batch framework, WordPress ≥ 5.6): `POST /batch/v1` with
/// `{"validation": "normal", "requests": [{"method": "POST", "path": "/wp/v2/comments/123",
/// "body": {"status": "spam"}}, …]}` carries up to the site's batch size of writes in one
/// request; the answer, `207 Multi-Status`, is `{"responses": [{"status": 200, "body": {…},
/// "headers": {…}}, …]}`, one per sub-request in order, each with its own status and body
/// (a comment, or WordPress's error body).
///
/// Only routes that declare `allow_batch` may be batched; the others answer each of their
/// sub-requests `400 rest_batch_not_allowed`. WordPress 6.1's comment routes do not declare
/// it, so the site's index says first whether batching is worth trying
/// (``commentBatchSize()``).
extension WordPressClient {
    /// The site's batch size for comment writes, from its REST index (`GET /wp-json/`):
    /// `maxItems` of the `/batch/v1` route's `requests` argument (25 unless a plugin changed
    /// it), when the route `/wp/v2/comments/<id>` allows batching; nil when it does not (or
    /// the site has no `/batch/v1`), and then writes go one request each.
    public func commentBatchSize() async throws(CommentsError) -> Int? {
        let (data, _) = try await send("GET", "/")
        return Self.commentBatchSize(index: data)
    }

    /// The same, from the index's bytes. At most 100 writes a batch whatever the site says,
    /// so that one lost answer leaves at most that many to settle.
    static func commentBatchSize(index data: Data) -> Int? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let routes = object["routes"] as? [String: Any],
              let route = routes[#"/wp/v2/comments/(?P<id>[\d]+)"#] as? [String: Any], allowsBatch(route),
              let batch = routes["/batch/v1"] as? [String: Any]
        else { return nil }
        let endpoints = batch["endpoints"] as? [[String: Any]] ?? []
        let sizes = endpoints.compactMap { endpoint -> Int? in
            let requests = (endpoint["args"] as? [String: Any])?["requests"] as? [String: Any]
            return (requests?["maxItems"] as? NSNumber)?.intValue
        }
        let size = min(sizes.first ?? 25, 100)
        return size > 1 ? size : nil
    }

    /// Whether a route of the index allows `batch/v1`: said on the route, or on every one of
    /// its endpoints that writes.
    private static func allowsBatch(_ route: [String: Any]) -> Bool {
        if allowsBatchV1(route["allow_batch"]) { return true }
        let writing = (route["endpoints"] as? [[String: Any]] ?? []).filter { endpoint in
            let methods = endpoint["methods"] as? [String] ?? []
            return methods.contains("POST") || methods.contains("DELETE")
        }
        return !writing.isEmpty && writing.allSatisfy { allowsBatchV1($0["allow_batch"]) }
    }

    /// `{"v1": true}`.
    private static func allowsBatchV1(_ value: Any?) -> Bool {
        guard let versions = value as? [String: Any], let v1 = versions["v1"] else { return false }
        return (v1 as? Bool) ?? (v1 as? NSNumber)?.boolValue ?? false
    }

    /// `POST /batch/v1` with `writes` (at most the site's batch size): each write's answer,
    /// in order — the comment as the site has it after the write (for a permanent deletion,
    /// as it was), or the sub-request's error. Throws when the batch as a whole fails: no
    /// answer, an HTTP error, or an answer that cannot be read (then nobody knows which
    /// writes were done). Never retried, as no write is.
    public func batch(_ writes: [CommentWrite]) async throws(CommentsError) -> [Result<Comment, CommentsError>] {
        guard !writes.isEmpty else { return [] }
        let body = try encode(BatchBody(requests: writes.map(\.subRequest)))
        let (data, _) = try await send("POST", "/batch/v1", body: body)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let responses = object["responses"] as? [Any]
        else {
            throw .decoding(field: "responses", detail: "the answer to POST /batch/v1 has no list of responses (\(data.count) bytes).")
        }
        guard responses.count == writes.count else {
            throw .decoding(field: "responses", detail: "the answer to POST /batch/v1 has \(responses.count) responses for \(writes.count) requests.")
        }
        return zip(writes, responses).map { write, response in Self.result(of: write, response) }
    }

    /// One sub-response: its body decoded as the write's answer, or its error.
    private static func result(of write: CommentWrite, _ response: Any) -> Result<Comment, CommentsError> {
        let request = "\(write.subRequest.method) \(write.subRequest.path) in POST /batch/v1"
        guard let envelope = response as? [String: Any], let status = (envelope["status"] as? NSNumber)?.intValue,
              let body = envelope["body"], JSONSerialization.isValidJSONObject(body),
              let data = try? JSONSerialization.data(withJSONObject: body)
        else {
            return .failure(.decoding(field: "responses", detail: "a response of POST /batch/v1 has no status or body (\(write.subRequest.path))."))
        }
        guard (200..<300).contains(status) else { return .failure(WordPressErrorBody.error(status: status, body: data)) }
        do {
            if case .deletePermanently = write {
                let answer = try JSONDecoder().decode(DeletedComment.self, from: data)
                guard answer.deleted else { return .failure(.invalidResponse("the site did not confirm the deletion")) }
                return .success(answer.previous)
            }
            return .success(try JSONDecoder().decode(Comment.self, from: data))
        } catch let error as DecodingError {
            return .failure(decodingError(error, data: data, request: request))
        } catch {
            return .failure(.decoding(field: "body", detail: "\(error)"))
        }
    }

    /// `write` as a request of its own.
    public func perform(_ write: CommentWrite) async throws(CommentsError) -> Comment {
        switch write {
        case .status(let id, let update): try await updateStatus(id: id, to: update)
        case .trash(let id): try await trash(id: id)
        case .deletePermanently(let id): try await deletePermanently(id: id)
        }
    }
}

extension WriteSettlement {
    /// One write of a batch: what to send, and what to ask the site if its answer is lost.
    struct BatchedWrite: Sendable {
        let request: CommentWrite
        let ambiguous: AmbiguousWrite
    }

    /// Sends `writes` as one `/batch/v1` request and settles, write by write, every outcome
    /// that is ambiguous — each write of a batch whose answer was lost or unreadable, or a
    /// sub-response that could not be read — as a single write's would be (``send(_:client:checkFirst:attempt:)``).
    /// A batch refused as a whole (an HTTP error) is that error for each write.
    static func sendBatch(_ writes: [BatchedWrite], client: WordPressClient) async -> [Result<Comment, CommentsError>] {
        let answers: [Result<Comment, CommentsError>]
        do {
            answers = try await client.batch(writes.map(\.request))
        } catch {
            answers = Array(repeating: .failure(error), count: writes.count)
        }
        var results: [Result<Comment, CommentsError>] = []
        results.reserveCapacity(writes.count)
        for (write, answer) in zip(writes, answers) {
            guard case .failure(let error) = answer, isAmbiguous(error) else {
                results.append(answer)
                continue
            }
            switch await check(write.ambiguous, client: client) {
            case .applied(let comment): results.append(.success(comment))
            case .gone: results.append(.failure(goneError))
            case .notApplied: results.append(.failure(error))
            case .unknown(let checkError): results.append(.failure(.outcomeUnknown(check: checkError)))
            }
        }
        return results
    }
}
