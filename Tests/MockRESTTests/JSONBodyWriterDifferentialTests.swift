import Foundation
import Testing
import PropertyBased
@testable import MockREST

/// Issue 29: the mock's byte-run JSON writer (``JSONBodyWriter``) against `JSONSerialization`,
/// the writer it stands in for, over generated trees: strings of every awkward kind (runs
/// to copy between escapes at every position, controls, `/`, quotes, multi-byte text and
/// emoji), integers at the edges, booleans, nulls, empty and nested arrays and objects.
/// Byte for byte where key order cannot differ (no object of two keys or more); otherwise
/// the same values and the same length.
@Suite struct JSONBodyWriterDifferentialTests {
    static let alphabet: [String] = [
        "a", "Z", " ", "/", "//", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1B}", "\u{1F}", "\u{7F}",
        "é", "e\u{301}", "字", "😀", "👩‍👩‍👧", "\u{2028}", "\u{FEFF}", "<", "&amp;", "u00", "\\u",
    ]
    static let string = Gen<String?>.element(of: alphabet).map { $0 ?? "a" }.array(of: 0...40).map { $0.joined() }

    /// A small deterministic generator, for the shape of a tree.
    struct Shape {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    /// A tree of depth at most `depth` from `strings`; `singleKeys` keeps every object to
    /// one key at most (so its bytes cannot depend on key order).
    static func tree(_ shape: inout Shape, strings: [String], depth: Int, singleKeys: Bool) -> Any {
        func string() -> String { strings.isEmpty ? "" : strings[shape.next(strings.count)] }
        switch shape.next(depth > 0 ? 9 : 6) {
        case 0, 1: return string()
        case 2: return [0, 1, -1, Int.max, Int.min, 1_795_262_400, shape.next(100_000)][shape.next(7)]
        case 3: return Int64([0, -5, Int(Int64.max), 42][shape.next(4)])
        case 4: return shape.next(2) == 0
        case 5: return NSNull()
        case 6, 7:
            return (0..<shape.next(5)).map { _ in tree(&shape, strings: strings, depth: depth - 1, singleKeys: singleKeys) }
        default:
            var object: [String: Any] = [:]
            for _ in 0..<(singleKeys ? shape.next(2) : shape.next(6)) {
                object[string()] = tree(&shape, strings: strings, depth: depth - 1, singleKeys: singleKeys)
            }
            return object
        }
    }

    static func serialized(_ object: Any) -> Data? {
        try? JSONSerialization.data(withJSONObject: object, options: [])
    }

    static let input = zip(string.array(of: 1...12), Gen.uint64(), Gen.int(in: 1...4))

    /// 2,000 cases.
    @Test func treesWithOneKeyPerObjectComeOutByteForByte() async {
        await propertyCheck(count: 2_000, input: Self.input) { strings, seed, depth in
            var shape = Shape(state: seed)
            let top: Any = [Self.tree(&shape, strings: strings, depth: depth, singleKeys: true)]
            #expect(JSONBodyWriter.data(top) == Self.serialized(top), "seed \(seed), strings \(strings)")
        }
    }

    /// 2,000 cases.
    @Test func anyTreeParsesToWhatJSONSerializationWrites() async throws {
        await propertyCheck(count: 2_000, input: Self.input) { strings, seed, depth in
            var shape = Shape(state: seed)
            let top: Any = shape.next(2) == 0
                ? [Self.tree(&shape, strings: strings, depth: depth, singleKeys: false)]
                : ["page": Self.tree(&shape, strings: strings, depth: depth, singleKeys: false), "n": 1]
            guard let written = JSONBodyWriter.data(top), let reference = Self.serialized(top) else {
                Issue.record("seed \(seed): no JSON")
                return
            }
            #expect(written.count == reference.count, "seed \(seed)")
            let parsedWritten = try? JSONSerialization.jsonObject(with: written) as? NSObject
            let parsedReference = try? JSONSerialization.jsonObject(with: reference) as? NSObject
            #expect(parsedWritten != nil && parsedWritten == parsedReference, "seed \(seed), strings \(strings)")
        }
    }

    /// 2,000 cases: each string alone, as a value and as a key.
    @Test func everyStringComesOutByteForByte() async {
        await propertyCheck(count: 2_000, input: Self.string) { text in
            #expect(JSONBodyWriter.data([text]) == Self.serialized([text]), "\(text.debugDescription)")
            #expect(JSONBodyWriter.data([text: text]) == Self.serialized([text: text]), "\(text.debugDescription)")
        }
    }
}
