import Foundation

/// How long tests wait for asynchronous work before they call it a hang: safety nets, never
/// speed assertions. `FLUX_TEST_TIMEOUT_SCALE` (a whole number from 1 to 20, default 1)
/// multiplies them; the sanitizer runs set it, since ThreadSanitizer slows the code 5 to 15
/// times, and under load the nets ran out for hundreds of tests at once with nothing hung
/// (issue 35).
public enum SafetyNet {
    /// `FLUX_TEST_TIMEOUT_SCALE`, read once: for limits that are not a ``Swift/Duration``
    /// (Swift Testing's `.timeLimit(.minutes(1 * SafetyNet.scale))`).
    public static let scale: Int = {
        let text = ProcessInfo.processInfo.environment["FLUX_TEST_TIMEOUT_SCALE"] ?? ""
        return min(max(Int(text) ?? 1, 1), 20)
    }()
}

extension Duration {
    /// The wait for a state, an action, the effects or an answer of the in-process mock: 120 s
    /// (every suite runs at once, on 2 cores shared with builds) times ``SafetyNet/scale``.
    public static var safetyNet: Duration { .seconds(120 * SafetyNet.scale) }
}
