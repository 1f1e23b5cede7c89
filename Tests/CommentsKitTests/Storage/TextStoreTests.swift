import Testing
@testable import CommentsKit

@Suite struct TextStoreTests {
    /// Texts of every shape: ASCII, accents, CJK, emoji, empty, and one longer than a block.
    static func texts(_ count: Int) -> [String] {
        (0..<count).map { index in
            switch index % 5 {
            case 0: "Comment \(index): plain ASCII, repeated words repeated words."
            case 1: "Zoë’s naïve café №\(index) — “quoted”"
            case 2: "東京では同じような問題がありました \(index) 👩‍👩‍👧"
            case 3: ""
            default: String(repeating: "long text \(index) ", count: index % 50 == 4 ? 4_000 : 3)
            }
        }
    }

    @Test func everyTextReadsBackAsWritten() {
        var store = TextStore()
        let texts = Self.texts(2_000)
        let locations = texts.map { store.append($0) }
        #expect(store.blockCount > 1, "the texts span several blocks")
        for (text, location) in zip(texts, locations) { #expect(store.text(at: location) == text) }
    }

    @Test func pastTheThresholdBlocksAreCompressedAndStillRead() {
        var store = TextStore(compressionThreshold: 64 * 1024)
        let texts = Self.texts(5_000)
        let locations = texts.map { store.append($0) }
        #expect(store.storedCount < store.rawCount / 2, "repetitive text shrinks: \(store.storedCount) of \(store.rawCount) bytes")
        for (text, location) in zip(texts, locations) { #expect(store.text(at: location) == text) }
        var reader = TextStore.Reader(store)
        for (text, location) in zip(texts, locations) {
            #expect(reader.withBytes(at: location) { String(decoding: $0, as: UTF8.self) } == text)
        }
    }

    @Test func aCopyKeepsItsTextsWhileTheOriginalGrows() {
        var store = TextStore(compressionThreshold: 1)
        let first = store.append("before the copy")
        let copy = store
        for text in Self.texts(3_000) { _ = store.append(text) }
        #expect(copy.text(at: first) == "before the copy")
        #expect(store.text(at: first) == "before the copy")
    }
}

@Suite struct ChunkedColumnTests {
    @Test func readsAndWritesAcrossChunks() {
        var column = ChunkedColumn<Int>()
        for value in 0..<10_000 { column.append(value * 2) }
        #expect(column.count == 10_000)
        column[4_095] = -1
        column[4_096] = -2
        #expect(column[4_095] == -1 && column[4_096] == -2 && column[9_999] == 19_998)
    }

    @Test func aCopyIsIndependent() {
        var column = ChunkedColumn<Int>()
        for value in 0..<5_000 { column.append(value) }
        let copy = column
        column[10] = 99
        column.append(5_000)
        #expect(copy[10] == 10 && copy.count == 5_000)
        #expect(column[10] == 99 && column.count == 5_001)
    }
}

@Suite struct SlotIndexTests {
    @Test func findsEveryIdThroughGrowthAndRemovals() {
        var ids = NarrowColumn<Int>()
        var index = SlotIndex()
        let values = (0..<20_000).map { $0 % 2 == 0 ? $0 : -$0 * 7_919 }
        for (slot, id) in values.enumerated() {
            ids.append(id)
            index.insert(slot: Int32(slot), ids: ids)
        }
        #expect(index.count == values.count)
        for (slot, id) in values.enumerated() where slot % 97 == 0 { #expect(index.slot(of: id, ids: ids) == slot) }
        #expect(index.slot(of: 1, ids: ids) == nil)
        for id in values.prefix(5_000) { index.remove(id: id, ids: ids) }
        #expect(index.count == 15_000)
        #expect(index.slot(of: values[10], ids: ids) == nil)
        #expect(index.slot(of: values[19_999], ids: ids) == 19_999, "reachable past removal marks")
        // Removal marks are dropped as the table is refilled.
        for slot in 20_000..<30_000 {
            ids.append(1_000_000 + slot)
            index.insert(slot: Int32(slot), ids: ids)
        }
        #expect(index.count == 25_000)
        #expect(index.slot(of: 1_029_999, ids: ids) == 29_999)
        #expect(index.slot(of: values[7_000], ids: ids) == 7_000)
    }
}
