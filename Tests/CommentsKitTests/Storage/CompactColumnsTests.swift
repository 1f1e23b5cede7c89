import Foundation
import Testing
@testable import CommentsKit

/// The 4-byte columns (``NarrowColumn``) and 8-byte rows (``ThreadRow``) keep every value
/// the network can send exactly: what does not fit their compact form goes to a side
/// table, never truncated, never a crash.
@Suite struct CompactColumnsTests {
    static let oddIDs = [0, 1, -1, 42, Int(Int32.max), Int(Int32.min), Int(Int32.min) + 1, Int(Int32.max) + 1,
                         (1 << 39) - 1, -(1 << 39), 1 << 39, -(1 << 39) - 1, 1 << 52, Int.max, Int.min]

    @Test func aNarrowColumnKeepsEveryInt() {
        var column = NarrowColumn<Int>()
        for id in Self.oddIDs { column.append(id) }
        #expect((0..<column.count).map { column[$0] } == Self.oddIDs)
        // Overwriting a wide value with a narrow one and back.
        for index in 0..<column.count { column[index] = Self.oddIDs[Self.oddIDs.count - 1 - index] }
        #expect((0..<column.count).map { column[$0] } == Self.oddIDs.reversed())
    }

    @Test func aNarrowColumnKeepsEveryDateExactly() {
        let seconds: [Double] = [0, 1, -1, 817_000_000, 817_000_000.25, Date().timeIntervalSinceReferenceDate,
                                 Double(Int32.max) + 1, Double(Int32.min), -4e9, 1e300, .infinity, -.infinity, -0.0]
        var column = NarrowColumn<Double>()
        for value in seconds { column.append(value) }
        for (index, value) in seconds.enumerated() {
            #expect(column[index] == value && column[index].sign == value.sign, "\(value)")
        }
        column.append(.nan)
        #expect(column[seconds.count].isNaN)
        column[seconds.count] = 5
        #expect(column[seconds.count] == 5)
    }

    @Test func aThreadRowKeepsEveryIdDepthAndFlag() {
        for id in Self.oddIDs {
            for (parentMissing, hasReplies) in [(false, false), (true, false), (false, true), (true, true)] {
                for depth in [0, 1, 9, (1 << 21) - 1] {
                    let row = ThreadRow(id: id, depth: depth, parentMissing: parentMissing, hasReplies: hasReplies)
                    #expect(row.id == id && row.depth == depth, "\(id) \(depth)")
                    #expect(row.parentMissing == parentMissing && row.hasReplies == hasReplies)
                }
            }
        }
    }

    @Test func aThreadRowClampsImpossibleDepths() {
        #expect(ThreadRow(id: 1, depth: 1 << 40, parentMissing: false, hasReplies: true).depth == (1 << 21) - 1)
        #expect(ThreadRow(id: 1, depth: -3, parentMissing: false, hasReplies: false).depth == 0)
    }

    @Test func rowsWithTheSameFieldsAreEqualWideOrNot() {
        #expect(ThreadRow(id: Int.max, depth: 2, parentMissing: false, hasReplies: true)
                == ThreadRow(id: Int.max, depth: 2, parentMissing: false, hasReplies: true))
        #expect(ThreadRow(id: Int.max, depth: 2, parentMissing: false, hasReplies: true)
                != ThreadRow(id: Int.min, depth: 2, parentMissing: false, hasReplies: true))
    }

    /// Ids and dates beyond 32 bits, through the whole site: stored, threaded, found.
    @Test func aSiteWithHugeIdsAndFractionalDatesThreadsThem() throws {
        let big = 1 << 45
        func comment(_ id: Int, parent: Int, seconds: Double) -> CommentsKit.Comment {
            var made = CommentTableTests.comment(id, parent: parent)
            made.date = Date(timeIntervalSinceReferenceDate: seconds)
            return made
        }
        var site = SiteComments()
        site.merge([comment(big, parent: 0, seconds: 100.5), comment(Int.max, parent: big, seconds: 5e9),
                    comment(7, parent: Int.max, seconds: 200), comment(Int.min, parent: 0, seconds: -3e9)])
        #expect(site.rows.map(\.id) == [big, Int.max, 7, Int.min])
        #expect(site.rows.map(\.depth) == [0, 1, 2, 0])
        #expect(site[Int.max]?.parent == big && site[7]?.parent == Int.max)
        #expect(site[big]?.date == Date(timeIntervalSinceReferenceDate: 100.5))
        #expect(site[Int.max]?.date == Date(timeIntervalSinceReferenceDate: 5e9))
        #expect(site.position(of: Int.min) == 3)
        #expect(site.rows == site.rebuiltFromScratch().rows)
    }

    /// A text location is eight bytes; texts longer than its 16-bit length (each fills a
    /// block of its own) still read back whole, raw or compressed.
    @Test func longTextsReadBackWhole() {
        let lengths = [0, 5, 32_767, 32_768, 32_769, 65_534, 65_535, 65_536, 200_000, 3, 0, 70_000, 9]
        let texts = lengths.enumerated().map { index, length in
            String(repeating: String(UnicodeScalar(UInt8(97 + index % 26))), count: length)
        }
        for threshold in [Int.max, 0] {
            var store = TextStore(compressionThreshold: threshold)
            let locations = texts.map { store.append($0) }
            for (location, text) in zip(locations, texts) { #expect(store.text(at: location) == text) }
            var reader = TextStore.Reader(store)
            for (location, text) in zip(locations, texts) {
                #expect(reader.withBytes(at: location) { Array($0) } == Array(text.utf8))
            }
        }
    }
}
