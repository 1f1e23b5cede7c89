import Testing
@testable import CommentsKit

/// ``CommentSearch/find(_:in:from:)`` looks for needles of two bytes or more sixteen
/// positions at a time: it finds the first occurrence at or after `from` exactly where a
/// byte-by-byte search does — at a block's edges, in the tail after the last whole block,
/// with a needle that overlaps itself, and when the needle is longer than what is left.
@Suite struct PairFindTests {
    /// The first offset at or after `start` where `needle` occurs in `haystack`, byte by byte.
    static func naive(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for at in start...(haystack.count - needle.count) where Array(haystack[at..<(at + needle.count)]) == needle { return at }
        return nil
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        haystack.withUnsafeBufferPointer { CommentSearch.find(needle, in: $0, from: start) }
    }

    @Test func everyOffsetOfEveryLengthAgreesWithTheByteByByteSearch() {
        // A small alphabet so needles occur often, at every position relative to a block.
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("abl".utf8)
        for _ in 0..<400 {
            let length = Int.random(in: 0...70, using: &generator)
            let haystack = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 97 }
            let needle = (0..<Int.random(in: 1...5, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 97 }
            for start in 0...length {
                #expect(Self.find(needle, in: haystack, from: start) == Self.naive(needle, in: haystack, from: start),
                        "\(needle) in \(haystack) from \(start)")
            }
        }
    }

    @Test func aMatchOnEachSideOfABlockEdgeAndInTheTail() {
        let needle = Array("lov".utf8)
        for position in [0, 13, 14, 15, 16, 17, 30, 31, 32, 45, 47] {
            var haystack = [UInt8](repeating: UInt8(ascii: "l"), count: 50)
            haystack.replaceSubrange(position..<(position + 3), with: needle)
            #expect(Self.find(needle, in: haystack, from: 0) == position)
            #expect(Self.find(needle, in: haystack, from: position + 1) == nil)
        }
        // Only a part of the needle fits at the end.
        #expect(Self.find(Array("lo".utf8), in: Array(String(repeating: "x", count: 33).utf8) + [UInt8(ascii: "l")], from: 0) == nil)
    }
}
