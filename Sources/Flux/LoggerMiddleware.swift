import Foundation

/// Writes one line per action to a sink: when it starts and how long the stores took.
///
/// The sink is a closure, so the app decides where lines go (parley sends them to its
/// swift-log file; never to the screen).
///
/// ```
/// → #12 CommentsAction.trash(site: "site-1", id: 42)
/// ← #12 0.21 ms
/// ```
@MainActor
public final class LoggerMiddleware: Middleware {
    /// Receives each log line.
    public typealias Sink = @MainActor (String) -> Void

    private let sink: Sink
    private let clock = ContinuousClock()

    /// Creates a logger that writes its lines to `sink`.
    public init(sink: @escaping Sink) {
        self.sink = sink
    }

    /// Writes the action, passes it on, and writes how long the rest of the chain took.
    public func intercept(_ action: any Action, id: DispatchID, next: MiddlewareNext) {
        sink("→ \(id) \(Self.describe(action))")
        let start = clock.now
        next(action)
        let elapsed = clock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        sink("← \(id) \(String(format: "%.2f", milliseconds)) ms")
    }

    /// `TypeName.case(…)`, as Swift prints the value, prefixed with its type when the
    /// printed form does not already say it.
    static func describe(_ action: any Action) -> String {
        let typeName = String(describing: type(of: action))
        let value = String(describing: action)
        return value.hasPrefix(typeName) ? value : "\(typeName).\(value)"
    }
}
