import Testing
@testable import CommentsKit

/// Issue 29: the sixteen-at-a-time search built a range backwards (and crashed) when the
/// needle was longer than its 17-byte block and the text only a little longer than the
/// needle, with the needle's first two bytes late in a block. Every needle of 15 to 40
/// bytes, in texts from one byte shorter than it to 40 bytes longer, its first two bytes
/// (or all of it) at every offset, answers what a byte-by-byte search answers — through
/// the search of folded bytes (`find`) and the search of ASCII text lowered on the fly.
@Suite struct PairFindBoundaryTests {
    /// A needle of `length` bytes that overlaps itself nowhere: "abcd…", then digits.
    static func needle(_ length: Int) -> [UInt8] {
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOP".utf8)
        return Array(letters.prefix(length)).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    /// Needles whose first two bytes are at `offset` of a text of `length` bytes of `x`:
    /// only the pair, and the whole needle where it fits.
    static func texts(needle: [UInt8], length: Int, offset: Int) -> [[UInt8]] {
        var pairOnly = [UInt8](repeating: UInt8(ascii: "x"), count: length)
        pairOnly[offset] = needle[0]
        pairOnly[offset + 1] = needle[1]
        guard offset + needle.count <= length else { return [pairOnly] }
        var whole = pairOnly
        whole.replaceSubrange(offset..<(offset + needle.count), with: needle)
        return [pairOnly, whole]
    }

    @Test func everyLongNeedleAtEveryOffsetOfTextsAroundItsLength() {
        var cases = 0
        for needleLength in 15...40 {
            let needle = Self.needle(needleLength)
            for length in max(2, needleLength - 1)...(needleLength + 40) {
                for offset in 0...(length - 2) {
                    for text in Self.texts(needle: needle, length: length, offset: offset) {
                        cases += 1
                        let expected = PairFindTests.naive(needle, in: text, from: 0)
                        let found = PairFindTests.find(needle, in: text, from: 0)
                        let lowered = needle.withUnsafeBufferPointer { needle in
                            text.withUnsafeBufferPointer { CommentSearch.containsFoldingASCII(needle, in: $0) }
                        }
                        guard found == expected, lowered == (expected != nil) else {
                            Issue.record("needle of \(needleLength) in \(length) bytes, pair at \(offset): \(String(describing: found)), \(lowered); expected \(String(describing: expected))")
                            return
                        }
                    }
                }
            }
        }
        #expect(cases > 50_000)
    }

    /// A start before the text finds nothing, for a needle of one byte (`memchr`) as for
    /// longer ones: the one-byte search read the byte before the buffer.
    @Test func aStartBeforeTheTextFindsNothing() {
        let text = Array("aab".utf8)
        #expect(PairFindTests.find(Array("a".utf8), in: text, from: -1) == nil)
        #expect(PairFindTests.find(Array("ab".utf8), in: text, from: -1) == nil)
        #expect(PairFindTests.find(Array("a".utf8), in: text, from: 1) == 1)
    }
}
