import Foundation

/// A session recording read back: its header and its actions, checked in full before
/// anything is replayed (the lines: <doc:RecordingAndReplayingASession>).
///
/// A file that is not a valid recording — a line that is not JSON, an action type the
/// codecs do not know, a payload that does not decode, a newer format — is refused with
/// the number of the first bad line and one sentence (``RecordingError``).
public struct RecordedSession<Header: Decodable & Sendable>: Sendable {
    /// When the session started (to the millisecond).
    public let startedAt: Date
    /// What the app wrote to rebuild its stores.
    public let header: Header
    /// The actions, in the order the stores received them.
    public let actions: [RecordedAction]

    /// Reads a recording.
    public init(_ data: Data, codecs: ActionCodecs) throws(RecordingError) {
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated().map { ($0.offset + 1, $0.element) }
        while let last = lines.last, last.1.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { lines.removeLast() }
        guard let (_, first) = lines.first else { throw .empty }
        let head = try Self.header(first)
        startedAt = head.startedAt
        header = head.app
        let decoder = JSONDecoder()
        if let key = SessionFormat.codecsKey { decoder.userInfo[key] = codecs }
        var actions: [RecordedAction] = []
        for (number, line) in lines.dropFirst() {
            actions.append(try Self.action(Data(line), line: number, codecs: codecs, decoder: decoder))
        }
        self.actions = actions
    }

    private struct HeaderLine: Decodable {
        let format: Int
        let startedAt: String
        let app: Header
    }

    private struct FormatOnly: Decodable {
        let format: Int?
    }

    private static func header(_ line: Data.SubSequence) throws(RecordingError) -> (startedAt: Date, app: Header) {
        let data = Data(line)
        guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else { throw .notJSON(line: 1) }
        guard let format = (try? JSONDecoder().decode(FormatOnly.self, from: data))?.format else { throw .noHeader }
        guard format <= SessionFormat.version else { throw .newerFormat(found: format, supported: SessionFormat.version) }
        let head: HeaderLine
        do {
            head = try JSONDecoder().decode(HeaderLine.self, from: data)
        } catch {
            throw .badHeader(detail: RecordingError.describe(error))
        }
        guard let startedAt = SessionFormat.date(head.startedAt) else {
            throw .badHeader(detail: "startedAt \"\(head.startedAt)\" is not an ISO 8601 time")
        }
        return (startedAt, head.app)
    }

    /// The fields every action line has; the payload is read after, by its type.
    private struct LineHead: Decodable {
        let t: Double
        let type: String
        let unrecordable: String?
    }

    private struct LinePayload: Decodable {
        let action: any Action

        enum CodingKeys: String, CodingKey { case type, action }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let type = try container.decode(String.self, forKey: .type)
            guard let key = SessionFormat.codecsKey, let codecs = decoder.userInfo[key] as? ActionCodecs,
                  let action = try codecs.decode(type, from: container.superDecoder(forKey: .action)) else {
                throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown action type \(type)")
            }
            self.action = action
        }
    }

    private static func action(_ data: Data, line: Int, codecs: ActionCodecs, decoder: JSONDecoder) throws(RecordingError) -> RecordedAction {
        guard (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else { throw .notJSON(line: line) }
        let head: LineHead
        do {
            head = try decoder.decode(LineHead.self, from: data)
        } catch {
            throw .badLine(line: line, detail: RecordingError.describe(error))
        }
        if let reason = head.unrecordable { throw .unrecordable(line: line, type: head.type, reason: reason) }
        guard codecs.knows(head.type) else { throw .unknownAction(line: line, type: head.type) }
        guard head.t.isFinite, head.t >= 0 else { throw .badLine(line: line, detail: "its time t is not a number of seconds ≥ 0") }
        do {
            return RecordedAction(time: head.t, action: try decoder.decode(LinePayload.self, from: data).action, line: line)
        } catch {
            throw .badAction(line: line, type: head.type, detail: RecordingError.describe(error))
        }
    }
}

/// One recorded action.
public struct RecordedAction: Sendable {
    /// Seconds after the session's start.
    public let time: TimeInterval
    /// The action.
    public let action: any Action
    /// Its line in the file (the header is line 1).
    public let line: Int

    /// A recorded action (``RecordedSession`` reads them; tests make their own).
    public init(time: TimeInterval, action: any Action, line: Int) {
        self.time = time
        self.action = action
        self.line = line
    }
}

/// Why a file is not a recording that can be replayed, in one sentence with its line.
public enum RecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file holds no line at all.
    case empty
    /// The first line is JSON but says no format: not a recording.
    case noHeader
    /// The first line's fields are missing or wrong.
    case badHeader(detail: String)
    /// The recording was written by a newer program.
    case newerFormat(found: Int, supported: Int)
    /// A line is not one JSON object.
    case notJSON(line: Int)
    /// A line lacks `t` or `type`, or they are wrong.
    case badLine(line: Int, detail: String)
    /// A line names an action type this program does not know.
    case unknownAction(line: Int, type: String)
    /// A line's payload is not an action of its type.
    case badAction(line: Int, type: String, detail: String)
    /// The recorder could not write this action.
    case unrecordable(line: Int, type: String, reason: String)

    /// The line the problem is on.
    public var line: Int {
        switch self {
        case .empty, .noHeader, .badHeader, .newerFormat: 1
        case .notJSON(let line), .badLine(let line, _), .unknownAction(let line, _), .badAction(let line, _, _),
             .unrecordable(let line, _, _): line
        }
    }

    public var description: String {
        let sentence = switch self {
        case .empty: "the file is empty: it is not a session recording."
        case .noHeader: "the first line is not a recording's header (it has no format): this is not a session recording."
        case .badHeader(let detail): "the recording's header cannot be read: \(detail)."
        case .newerFormat(let found, let supported):
            "the recording is in format \(found), newer than this parley reads (\(supported)): replay it with a newer parley."
        case .notJSON: "this line is not a JSON object."
        case .badLine(_, let detail): "this line is not an action: \(detail)."
        case .unknownAction(_, let type): "the action type \(type) is unknown to this parley."
        case .badAction(_, let type, let detail): "this \(type) cannot be read: \(detail)."
        case .unrecordable(_, let type, let reason): "this \(type) was not recorded (\(reason)), so the session cannot be replayed."
        }
        return "line \(line): \(sentence)"
    }

    /// A decoding error in words: what was wrong, and where in the line.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return keys.isEmpty ? "" : " at \(keys.joined(separator: "."))"
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(key.stringValue) is missing\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "a value has the wrong type\(path(context))"
        case .dataCorrupted(let context): return context.debugDescription + path(context)
        @unknown default: return "\(error)"
        }
    }
}
