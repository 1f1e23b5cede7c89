/// How an injected failure shows itself to the client.
public enum MockFailureKind: Sendable, Hashable {
    /// HTTP 500 with WordPress's "critical error" body (`code: internal_server_error`).
    case serverError
    /// The connection drops before the request is carried out: `URLError.networkConnectionLost`,
    /// nothing changed on the server.
    case droppedConnection
    /// The request is carried out, then the connection drops before the answer arrives
    /// (`URLError.networkConnectionLost`): a write that happened although the client saw it
    /// fail, the case a client must settle by asking the site again.
    case droppedAfterApplying
    /// The request is carried out, then the client's wait for the answer ends
    /// (`URLError.timedOut`): what a client's own timeout does to a slow write that reached
    /// the site, at once, with no timer racing the machine's speed.
    case timedOutAfterApplying
}
