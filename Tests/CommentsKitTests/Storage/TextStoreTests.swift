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

@Suite struct ShardedIndexTests {
    @Test func countsInsertsReplacementsAndRemovals() {
        var index = ShardedIndex()
        for id in [1, 257, -3, 1_000_000_007] { index[id] = Int32(id & 0xFF) }
        index[257] = 7
        #expect(index.count == 4)
        #expect(index[257] == 7 && index[-3] != nil && index[2] == nil)
        index[1] = nil
        index[2] = nil
        #expect(index.count == 3 && index[1] == nil)
    }
}
