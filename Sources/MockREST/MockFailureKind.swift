/// How an injected failure shows itself to the client.
public enum MockFailureKind: Sendable, Hashable {
    /// HTTP 500 with WordPress's "critical error" body (`code: internal_server_error`).
    case serverError
    /// The connection drops before an answer: `URLError.networkConnectionLost`.
    case droppedConnection
}
