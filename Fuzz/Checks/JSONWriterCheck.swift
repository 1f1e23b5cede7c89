import Foundation
import MockREST

/// The mock's byte-run JSON writer (``JSONBodyWriter``) writes what `JSONSerialization`
/// writes: the same bytes when no object has two keys (whose order may differ), the same
/// values and length otherwise.
///
/// The input is a little program that builds the tree (``TreeReader``): each byte picks a
/// string, an integer, a boolean, null, an array or an object, and strings take their
/// bytes from the input (as UTF-8, invalid bytes as U+FFFD).
enum JSONWriterCheck {
    static func run(_ input: [UInt8]) throws(FuzzViolation) {
        var reader = TreeReader(bytes: input)
        let top: Any = [reader.value(depth: 5)]
        guard let written = JSONBodyWriter.data(top) else { throw FuzzViolation("the writer refused a tree it knows") }
        guard let reference = try? JSONSerialization.data(withJSONObject: top, options: []) else { return }
        if !reader.sawSeveralKeys {
            try require(written == reference, "\(show(written)) is not \(show(reference))")
        }
        try require(written.count == reference.count, "\(written.count) bytes, not \(reference.count): \(show(written))")
        let parsed = try? JSONSerialization.jsonObject(with: written) as? NSObject
        let parsedReference = try? JSONSerialization.jsonObject(with: reference) as? NSObject
        try require(parsed != nil && parsed == parsedReference, "\(show(written)) does not read as \(show(reference))")
    }

    private static func show(_ data: Data) -> String {
        TerminalSafety.show(String(decoding: data, as: UTF8.self))
    }

    /// Reads a tree out of bytes; past the end every byte reads as 0 (an empty string).
    struct TreeReader {
        let bytes: [UInt8]
        var at = 0
        private(set) var sawSeveralKeys = false

        mutating func next() -> UInt8 {
            defer { at += 1 }
            return at < bytes.count ? bytes[at] : 0
        }

        mutating func string() -> String {
            let length = Int(next()) % 24
            let start = min(at, bytes.count)
            let end = min(bytes.count, start + length)
            at += length
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }

        mutating func value(depth: Int) -> Any {
            let kind = Int(next()) % (depth > 0 ? 8 : 6)
            switch kind {
            case 0, 1: return string()
            case 2:
                var number: UInt64 = 0
                for _ in 0..<Int(next() % 9) { number = number << 8 | UInt64(next()) }
                return Int(bitPattern: UInt(number))
            case 3: return next() & 1 == 0
            case 4: return NSNull()
            case 5: return Int64(Int8(bitPattern: next()))
            case 6: return (0..<Int(next() % 5)).map { _ in value(depth: depth - 1) }
            default:
                var object: [String: Any] = [:]
                for _ in 0..<Int(next() % 4) { object[string()] = value(depth: depth - 1) }
                if object.count > 1 { sawSeveralKeys = true }
                return object
            }
        }
    }
}
