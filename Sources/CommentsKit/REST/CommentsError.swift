/// Everything that can go wrong talking to a WordPress site.
public enum CommentsError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// No HTTP answer: network down, timeout, DNS, refused or broken connection.
    case transport(TransportFailure)
    /// An HTTP error answer; `code` and `message` come from WordPress's error body when it
    /// has one (`message` with its HTML and entities turned into text).
    case http(status: Int, code: String?, message: String?)
    /// The answer was not the JSON expected: `field` names what was missing or wrong
    /// (`date_gmt`, or `body` for JSON that does not parse), `detail` says more.
    case decoding(field: String, detail: String)
    /// The client refuses to send a password over plain HTTP to a host beyond this machine.
    case insecureCredentials(host: String)
    /// `users/me` answered 401: the user name or application password is wrong.
    case notLoggedIn
    /// An answer that is not HTTP, or a URL that cannot be built.
    case invalidResponse(String)
    /// The Swift task was cancelled; the request was abandoned.
    case cancelled
    /// A write may or may not have been carried out: its answer was lost or unreadable,
    /// and asking the site afterwards failed too (`check` says how).
    indirect case outcomeUnknown(check: CommentsError)
    /// Nothing was written: the comment changed on the site since the user acted on it
    /// (the check every write makes first, ``WriteConflict``).
    case changedOnSite(WriteConflict)

    /// One human sentence.
    public var description: String {
        switch self {
        case .transport(let failure): return "Could not reach the site: \(Self.describe(failure))."
        case .http(let status, let code, let message):
            if let message, !message.isEmpty { return message }
            return "The site answered with HTTP status \(status)" + (code.map { " (\($0))" } ?? "") + "."
        case .decoding(let field, let detail):
            return "The site's answer could not be read (\(field)): \(detail)"
        case .insecureCredentials(let host):
            return "Refusing to send the application password to \(host) over plain HTTP; use an https:// address."
        case .notLoggedIn:
            return "The site did not accept the user name and application password."
        case .invalidResponse(let detail): return "The site sent an unexpected answer: \(detail)."
        case .cancelled: return "The request was cancelled."
        case .outcomeUnknown(let check):
            return "The site may or may not have done it: its answer was lost, and asking again failed (\(check))"
        case .changedOnSite(let conflict):
            return conflict.sentence + "."
        }
    }

    private static func describe(_ failure: TransportFailure) -> String {
        switch failure {
        case .offline: "the network is offline"
        case .timeout: "the connection timed out"
        case .hostNotFound: "the host name was not found"
        case .connectionRefused: "the connection was refused"
        case .connectionLost: "the connection was lost"
        case .other(let detail): detail
        }
    }
}
