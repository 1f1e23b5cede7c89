import Testing
@testable import TerminalUI

/// Tags kept as bits (issue 13: `X` at 100k within 10 ms): the same answers a set gives,
/// ids past the bits' range included.
@Suite struct TagBitsTests {
    @Test func bitsAnswerAsASetWould() {
        var bits = TagBits()
        let ids = [0, 63, 64, 100_000, 7, TagBits.bitLimit, TagBits.bitLimit + 5, -3]
        bits.insert(contentsOf: ids + [63])
        #expect(bits.count == ids.count, "a repeated id counts once")
        #expect(ids.allSatisfy(bits.contains))
        #expect(!bits.contains(1) && !bits.contains(65) && !bits.contains(200_000) && !bits.contains(TagBits.bitLimit + 1))
        #expect(bits.ids == Set(ids))
        #expect(bits.remove(64) && !bits.remove(64) && bits.remove(TagBits.bitLimit) && !bits.remove(2))
        #expect(bits.count == ids.count - 2)
        var seen: [Int] = []
        bits.forEach { seen.append($0) }
        #expect(Array(seen.prefix(4)) == [0, 7, 63, 100_000], "the bits in increasing order")
        #expect(Set(seen) == Set(ids).subtracting([64, TagBits.bitLimit]))
    }

    @Test func tagsOfAllShownAreFoundTaggedThenRemoved() {
        var tags = Tags()
        let shown = Array(stride(from: 5, to: 100_005, by: 1))
        #expect(!tags.containsAll(shown, on: "s"))
        tags.insert(shown, on: "s")
        #expect(tags.containsAll(shown, on: "s") && !tags.containsAll(shown + [1], on: "s"))
        #expect(tags.contains(50_000, on: "s") && !tags.contains(50_000, on: "other"))
        tags.remove(shown, on: "s")
        #expect(tags.ids(on: "s").isEmpty)
    }
}
