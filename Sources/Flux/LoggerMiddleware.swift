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
    /// printed form does not already say it; controls escaped (see `escapingControls`).
    static func describe(_ action: any Action) -> String {
        let typeName = String(describing: type(of: action))
        let value = String(describing: action)
        return escapingControls(value.hasPrefix(typeName) ? value : "\(typeName).\(value)")
    }

    /// Actions carry text from outside (a comment, an author name): their printed form can
    /// hold C0/C1 controls and bidi overrides, which would act on the terminal of whoever
    /// reads the log, or a newline that forges a log line. Each becomes `<U+XXXX>` —
    /// escaped, not dropped, so the log still says what arrived. The same scalars as
    /// TerminalUI's `TextSanitizer.isForbidden` (Flux cannot import TerminalUI).
    static func escapingControls(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        var output = ""
        for scalar in s.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// C0 controls, DEL, C1 controls, bidi embeddings/overrides/isolates.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value)
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}
