import Foundation

/// JSON text of the values the handlers build (strings, integers, booleans, `NSNull`,
/// arrays and string-keyed dictionaries of them), written straight into bytes in the
/// format of Foundation's `JSONSerialization` (``JSONBody``): `/` escaped as `\/`, control
/// characters as `\b`, `\n`… or `\u001b`, everything else as UTF-8, no spaces.
///
/// Why not `JSONSerialization` itself: on Linux it bridges every value of the tree to an
/// `NSObject` twice (once to validate, once to write), which made a page of 100 comments
/// cost milliseconds — most of the time of loading a 100,000-comment site page by page.
package enum JSONBodyWriter {
    /// The JSON of `object`; nil when it holds a value of another kind (a `Double`, say),
    /// which the caller leaves to `JSONSerialization`. Package access for the fuzz check
    /// that holds it against `JSONSerialization` (issue 29).
    package static func data(_ object: Any) -> Data? {
        // Only an object or an array at the top, as JSONSerialization takes.
        guard let container = object as? any JSONContainer else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        guard container.writeJSON(into: &bytes) else { return nil }
        return Data(bytes)
    }

    /// Writes `value`; false when it is of a kind this writer does not know.
    ///
    /// Exact types and a protocol of its own, never `as? NSNull` or `as? [String: Any]`
    /// on an unknown value: on Linux such a cast bridges the whole value to an NSObject
    /// to find out, which is the cost this writer exists to avoid.
    fileprivate static func write(_ value: Any, into bytes: inout [UInt8]) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: value))
        if type == ObjectIdentifier(String.self), let string = value as? String {
            writeString(string, into: &bytes)
        } else if type == ObjectIdentifier(Int.self), let number = value as? Int {
            bytes.append(contentsOf: String(number).utf8)
        } else if type == ObjectIdentifier(Int64.self), let number = value as? Int64 {
            bytes.append(contentsOf: String(number).utf8)
        } else if type == ObjectIdentifier(Bool.self), let flag = value as? Bool {
            bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        } else if type == ObjectIdentifier(NSNull.self) {
            bytes.append(contentsOf: "null".utf8)
        } else if let container = value as? any JSONContainer {
            return container.writeJSON(into: &bytes)
        } else {
            return false
        }
        return true
    }

    fileprivate static func writeString(_ string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // The runs between the bytes to escape are copied whole: byte by byte, the appends
        // were a tenth of the CPU of loading a 100,000-comment site from the mock in-process.
        let copied: Void? = string.utf8.withContiguousStorageIfAvailable { utf8 in
            var run = 0
            for index in utf8.indices where needsEscape(utf8[index]) {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                writeEscaped(utf8[index], into: &bytes)
                run = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        if copied == nil {
            for byte in string.utf8 { writeEscaped(byte, into: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }

    /// One byte of a string, escaped when JSONSerialization escapes it.
    private static func writeEscaped(_ byte: UInt8, into bytes: inout [UInt8]) {
        let escaped: UInt8
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escaped = byte
        case 0x08: escaped = UInt8(ascii: "b")
        case 0x0C: escaped = UInt8(ascii: "f")
        case 0x0A: escaped = UInt8(ascii: "n")
        case 0x0D: escaped = UInt8(ascii: "r")
        case 0x09: escaped = UInt8(ascii: "t")
        case 0x00..<0x20:
            // `\u001b`: lower-case hex, as JSONSerialization writes it.
            let hex = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                      hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            return
        default:
            bytes.append(byte)
            return
        }
        bytes.append(0x5C)
        bytes.append(escaped)
    }
}

/// A JSON object (a dictionary with string keys) or array, whatever its element type.
private protocol JSONContainer {
    func writeJSON(into bytes: inout [UInt8]) -> Bool
}

extension Dictionary: JSONContainer where Key == String {
    fileprivate func writeJSON(into bytes: inout [UInt8]) -> Bool {
        bytes.append(UInt8(ascii: "{"))
        var first = true
        for (key, element) in self {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            JSONBodyWriter.writeString(key, into: &bytes)
            bytes.append(UInt8(ascii: ":"))
            guard JSONBodyWriter.write(element, into: &bytes) else { return false }
        }
        bytes.append(UInt8(ascii: "}"))
        return true
    }
}

extension Array: JSONContainer {
    fileprivate func writeJSON(into bytes: inout [UInt8]) -> Bool {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            guard JSONBodyWriter.write(element, into: &bytes) else { return false }
        }
        bytes.append(UInt8(ascii: "]"))
        return true
    }
}
