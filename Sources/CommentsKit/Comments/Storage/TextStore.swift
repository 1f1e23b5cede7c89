/// Where one text lies in a ``TextStore``: eight bytes, a million comments keep one each.
struct TextLocation: Sendable, Equatable {
    /// The block (sealed blocks first, then the open one).
    var block: UInt32
    /// The first byte, inside the block: below ``TextStore/blockSize``, as a text starts
    /// past 0 only in a block that is not yet full.
    var start: UInt16
    /// How many bytes, or ``toTheEnd``.
    private var storedLength: UInt16

    /// A text too long for 16 bits: longer than a block, so it starts a block of its own
    /// (the store seals the open block first) and fills it to the end.
    private static let toTheEnd = UInt16.max

    init(block: UInt32, start: Int, length: Int) {
        self.block = block
        self.start = UInt16(clamping: start)
        storedLength = length < Int(Self.toTheEnd) ? UInt16(length) : Self.toTheEnd
    }

    /// The text's bytes in a block of `blockCount` bytes.
    func range(inBlockOf blockCount: Int) -> Range<Int>? {
        let start = Int(start), end = storedLength == Self.toTheEnd ? blockCount : start + Int(storedLength)
        return start <= end && end <= blockCount ? start..<end : nil
    }
}

/// The plain texts of one site's comments, as UTF-8 appended into blocks of about 32 KB.
///
/// A million comments hold some 300 MB of text. Up to ``compressionThreshold`` bytes
/// the blocks stay as they are (a small site pays nothing); beyond it, every sealed block
/// is compressed with zstd (text shrinks 3 to 10 times), a few blocks per seal so the
/// cost is spread over the pages as they arrive. Sealed blocks are immutable and shared
/// between copies; only the open block is copied when a shared store grows.
///
/// Texts are never overwritten: a changed text is appended and the old bytes stay as
/// garbage (edits are rare; a reload starts a new store).
struct TextStore: Sendable {
    /// A block is sealed once it holds this many bytes.
    static let blockSize = 32 * 1024
    /// Total text beyond which sealed blocks are compressed.
    static let compressionThreshold = 64 * 1024 * 1024

    private var sealed: [TextBlock] = []
    private var open: [UInt8] = []
    /// The first sealed block not yet compressed (all before it are, or tried).
    private var firstUncompressed = 0
    /// Bytes of text appended so far, garbage included.
    private(set) var rawCount = 0
    private let threshold: Int

    /// An empty store; `compressionThreshold` is lowered by tests to see compression at work.
    init(compressionThreshold: Int = TextStore.compressionThreshold) {
        threshold = compressionThreshold
    }

    /// How many blocks it holds, the open one included.
    var blockCount: Int { sealed.count + 1 }
    /// Bytes the texts take in memory.
    var storedCount: Int { sealed.reduce(open.count) { $0 + $1.storedCount } }

    /// Appends `text`; returns where it lies.
    mutating func append(_ text: String) -> TextLocation {
        var text = text
        return text.withUTF8 { append(bytes: $0) }
    }

    private mutating func append(bytes: UnsafeBufferPointer<UInt8>) -> TextLocation {
        if !open.isEmpty, open.count + bytes.count > Self.blockSize { seal() }
        if open.isEmpty { open.reserveCapacity(max(Self.blockSize, bytes.count)) }
        let location = TextLocation(block: UInt32(sealed.count), start: open.count, length: bytes.count)
        open.append(contentsOf: bytes)
        rawCount += bytes.count
        return location
    }

    private mutating func seal() {
        sealed.append(TextBlock(raw: open))
        open = []
        guard rawCount > threshold else { return }
        // Three per seal: the new block and two of those sealed before the threshold was
        // crossed, so the backlog is gone well before the store doubles.
        var budget = 3
        while budget > 0, firstUncompressed < sealed.count {
            sealed[firstUncompressed] = sealed[firstUncompressed].compressedIfSmaller()
            firstUncompressed += 1
            budget -= 1
            if firstUncompressed % Self.blocksBetweenTrims == 0 { AllocatorTuning.releaseFreedHeapPages() }
        }
    }

    /// How many blocks are compressed between two ``AllocatorTuning/releaseFreedHeapPages()``:
    /// each compressed block frees its 32 KB of raw text in the middle of the heap, between
    /// blocks kept for good, where the C allocator keeps it resident (31 MB of 147 MB at
    /// 300,000 comments). Every 64 blocks (2 MB of text, some 7,000 comments) the pages
    /// of those holes go back to the system.
    static let blocksBetweenTrims = 64

    /// The text at `location` ("" if it lies outside the store, which only a bug could do).
    func text(at location: TextLocation) -> String {
        let block = Int(location.block)
        if block == sealed.count { return Self.decode(open, location) }
        guard block < sealed.count else { return "" }
        return Self.decode(sealed[block].bytes, location)
    }

    private static func decode(_ bytes: [UInt8], _ location: TextLocation) -> String {
        guard let range = location.range(inBlockOf: bytes.count) else { return "" }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    /// Reads texts block by block for a scan: keeps the last block it decompressed, so
    /// texts visited in the order they were appended cost one decompression per block.
    struct Reader {
        private let store: TextStore
        private var block = -1
        private var bytes: [UInt8] = []

        init(_ store: TextStore) { self.store = store }

        /// Calls `body` with the UTF-8 bytes of the text at `location`.
        mutating func withBytes<R>(at location: TextLocation, _ body: (ArraySlice<UInt8>) -> R) -> R {
            let wanted = Int(location.block)
            if wanted != block {
                block = wanted
                if wanted == store.sealed.count { bytes = store.open } else if wanted < store.sealed.count {
                    bytes = store.sealed[wanted].decompressed()
                } else {
                    bytes = []
                }
            }
            guard let range = location.range(inBlockOf: bytes.count) else { return body([]) }
            return body(bytes[range])
        }
    }
}
