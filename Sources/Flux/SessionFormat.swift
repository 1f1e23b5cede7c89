import Foundation

/// The JSON Lines a ``SessionRecorder`` writes and ``RecordedSession`` reads:
///
/// ```
/// {"app":{…},"format":1,"startedAt":"2026-11-22T20:46:28.123Z"}
/// {"action":{"resize":{"height":30,"width":120}},"t":0,"type":"UIAction"}
/// {"action":{"pageLoaded":{…}},"t":0.214,"type":"CommentsAction"}
/// ```
///
/// The first line is the header: the format version, when the session started, and what
/// the app needs to rebuild its stores (`app`). Every other line is one action, in the
/// order the stores received it: `t` seconds after the start, its registered type name
/// (``ActionCodecs``) and its Codable payload. An action whose type is not registered is
/// written with `"unrecordable"` instead of a payload, so that replaying the file says so
/// rather than diverging silently.
enum SessionFormat {
    /// The format this Flux writes, and the newest it reads.
    static let version = 1

    /// Keys sorted so that two recordings of the same session compare line by line.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static let codecsKey = CodingUserInfoKey(rawValue: "flux.actionCodecs")

    /// `2026-11-22T20:46:28.123Z`: to the millisecond, which is as far as ``time(_:)``
    /// measures.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    static func date(_ timestamp: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: timestamp)
    }

    /// Seconds, to the millisecond.
    static func time(_ seconds: TimeInterval) -> Double {
        (seconds * 1000).rounded() / 1000
    }

    /// The header line.
    struct Header<App: Encodable>: Encodable {
        let format: Int
        let startedAt: String
        let app: App
    }

    /// An action line, as written.
    struct ActionLine: Encodable {
        let t: Double
        let type: String
        let action: (any Encodable)?
        let unrecordable: String?

        enum CodingKeys: String, CodingKey { case t, type, action, unrecordable }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(t, forKey: .t)
            try container.encode(type, forKey: .type)
            if let action { try container.encode(action, forKey: .action) }
            try container.encodeIfPresent(unrecordable, forKey: .unrecordable)
        }
    }
}
