import Foundation

/// Middleware that writes every action the stores receive, in order, as a session
/// recording (JSON Lines, see <doc:RecordingAndReplayingASession>) that ``SessionReplayer``
/// plays back.
///
/// Add it last, after any middleware that replaces or drops actions: it records what the
/// stores get, including the actions effects send back (pages loaded, writes finished,
/// timers fired) — everything a store's state is a function of. Each line goes to the
/// sink as soon as its action arrives, so a session that crashes leaves its recording up
/// to the crash.
///
/// ```swift
/// let recorder = try SessionRecorder(header: MyHeader(…), codecs: codecs) { line in
///     try? file.write(contentsOf: line)
/// }
/// dispatcher.add(recorder)
/// ```
@MainActor
public final class SessionRecorder: Middleware {
    /// Receives each line, newline included.
    public typealias Sink = @MainActor (Data) -> Void

    private let codecs: ActionCodecs
    private let sink: Sink
    private let startedAt: Date
    private let now: @MainActor () -> Date
    private let encoder = SessionFormat.makeEncoder()

    /// Writes the header line (the format, `startedAt`, and the app's `header`) to `sink`
    /// and is ready to record.
    ///
    /// - Parameters:
    ///   - header: what the app needs to rebuild its stores for a replay.
    ///   - codecs: the action types to record.
    ///   - startedAt: when the session started (kept to the millisecond).
    ///   - now: the clock that times each action.
    ///   - sink: where lines go.
    public init(
        header: some Encodable,
        codecs: ActionCodecs,
        startedAt: Date = Date(),
        now: @escaping @MainActor () -> Date = { Date() },
        sink: @escaping Sink
    ) throws {
        self.codecs = codecs
        self.sink = sink
        self.now = now
        self.startedAt = Date(timeIntervalSince1970: (startedAt.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        let first = SessionFormat.Header(format: SessionFormat.version, startedAt: SessionFormat.timestamp(self.startedAt), app: header)
        sink(try encoder.encode(first) + Data("\n".utf8))
    }

    /// Writes `action`'s line, then passes it on.
    public func intercept(_ action: any Action, id: DispatchID, next: MiddlewareNext) {
        sink(line(for: action))
        next(action)
    }

    private func line(for action: any Action) -> Data {
        let t = SessionFormat.time(now().timeIntervalSince(startedAt))
        let typeName = String(describing: type(of: action))
        var line: SessionFormat.ActionLine
        if let name = codecs.name(of: action), let payload = action as? any Encodable {
            line = SessionFormat.ActionLine(t: t, type: name, action: payload, unrecordable: nil)
        } else {
            line = SessionFormat.ActionLine(t: t, type: typeName, action: nil, unrecordable: "\(typeName) is not registered with the recorder's ActionCodecs")
        }
        do {
            return try encoder.encode(line) + Data("\n".utf8)
        } catch {
            line = SessionFormat.ActionLine(t: t, type: line.type, action: nil, unrecordable: "\(typeName) could not be encoded: \(error)")
            return ((try? encoder.encode(line)) ?? Data()) + Data("\n".utf8)
        }
    }
}
