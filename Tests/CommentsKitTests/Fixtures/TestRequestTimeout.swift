/// How long a test's client waits for an answer: a safety net as long as the tests' waits
/// for a state (120 s), so that a request the in-process mock answers never times out only
/// because the machine is slow (ThreadSanitizer on a loaded machine took more than the
/// client's default 15 s, and a page that failed that way left a test waiting for a load
/// that would never end: issue 35). Tests of a timeout set their own.
extension Duration {
    static let testRequestTimeout: Duration = .seconds(120)
}
