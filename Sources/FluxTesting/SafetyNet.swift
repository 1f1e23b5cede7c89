import Foundation

extension Duration {
    /// How long a test waits for asynchronous work (a state, an action, the effects, an
    /// answer of the in-process mock) before it calls it a hang: a safety net, never a
    /// speed assertion. 120 s — every suite runs at once, on 2 cores shared with builds —
    /// times `FLUX_TEST_TIMEOUT_SCALE` (a whole number from 1 to 20, default 1), which the
    /// sanitizer runs set: ThreadSanitizer slows the code 5 to 15 times, and under load
    /// the 120 s ran out for hundreds of tests at once with nothing hung (issue 35).
    public static var safetyNet: Duration { .seconds(120 * SafetyNet.scale) }
}

/// Reads `FLUX_TEST_TIMEOUT_SCALE` once.
private enum SafetyNet {
    static let scale: Int = {
        let text = ProcessInfo.processInfo.environment["FLUX_TEST_TIMEOUT_SCALE"] ?? ""
        return min(max(Int(text) ?? 1, 1), 20)
    }()
}
