import Testing
@testable import CommentsKit

/// ``CommentSearch/find(_:in:from:)`` looks for needles of two bytes or more sixteen
/// positions at a time: it finds the first occurrence at or after `from` exactly where a
/// byte-by-byte search does — at a block's edges, in the tail after the last whole block,
/// with a needle that overlaps itself, and when the needle is longer than what is left.
/// And an ASCII text, searched as it is with its capitals lowered on the fly, answers what
/// folding it first answers.
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

    /// Whether `needle` is in `text` by folding the text first (the path for any text).
    static func foldedFirst(_ pattern: CommentSearch.Pattern, in text: String) -> Bool {
        var text = text
        var folded: [UInt8] = []
        text.withUTF8 { CommentSearch.fold(utf8: $0, into: &folded) }
        return folded.withUnsafeBufferPointer { CommentSearch.find(pattern.folded, in: $0) != nil }
    }

    @Test func anASCIITextAnswersWhatFoldingItFirstAnswers() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aAbBlLoO@.-_ 1Z[`{")
        let needles = Array("aAbloOLZz@.1[`{ ")
        for _ in 0..<600 {
            let text = String((0..<Int.random(in: 0...60, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let needle = String((0..<Int.random(in: 1...4, using: &generator)).map { _ in needles.randomElement(using: &generator) ?? "a" })
            guard let pattern = CommentSearch.Pattern(needle) else { continue }
            #expect(pattern.contains(text) == Self.foldedFirst(pattern, in: text), "\(needle.debugDescription) in \(text.debugDescription)")
        }
        // A needle that folds to something not ASCII is in no ASCII text; one that folds to
        // ASCII ("Ï" → "i") is found in it.
        #expect(try #require(CommentSearch.Pattern("字")).contains("plain ascii text") == false)
        #expect(try #require(CommentSearch.Pattern("naÏve")).contains("A NAIVE idea"))
        #expect(try #require(CommentSearch.Pattern("LOVE")).contains(String(repeating: "x", count: 40) + "Lovelace"))
    }
}
