/// Why a request got no HTTP answer at all.
public enum TransportFailure: Sendable, Hashable, Codable {
    /// The machine has no network.
    case offline
    /// No answer within the client's timeout.
    case timeout
    /// The host name does not resolve.
    case hostNotFound
    /// Nothing listens at the address.
    case connectionRefused
    /// The connection broke mid-request.
    case connectionLost
    /// Anything else, described.
    case other(String)
}
