/// How GET requests are retried after transport failures and 5xx answers. Writes (POST,
/// DELETE) are never retried: they may have taken effect.
public struct RetryPolicy: Sendable {
    /// Total tries, the first included (1 = no retry).
    public var maxAttempts: Int = 3
    /// The wait before the first retry; it doubles before each further one.
    public var baseDelay: Duration = .milliseconds(200)

    /// Three tries, 200 ms then 400 ms apart.
    public static let `default` = RetryPolicy()
    /// One try.
    public static let none = RetryPolicy(maxAttempts: 1, baseDelay: .zero)

    /// Creates a policy.
    public init(maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(200)) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
    }

    /// The wait after failed try number `attempt` (1-based).
    func delay(after attempt: Int) -> Duration {
        baseDelay * (1 << min(max(attempt - 1, 0), 16))
    }
}
