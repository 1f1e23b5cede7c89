import Synchronization

/// A sealed block of texts: about 32 KB of UTF-8, kept as is or compressed. Immutable,
/// so every copy of a ``TextStore`` can share it.
final class TextBlock: Sendable {
    /// Unique for the life of the process (the cache's key: an object's address can be
    /// reused after it is freed, this number cannot).
    let serial: Int
    /// How many bytes the texts take uncompressed.
    let rawCount: Int
    private let raw: [UInt8]?
    private let compressed: [UInt8]?

    private static let counter = Atomic<Int>(0)

    /// A block holding `bytes` as they are.
    init(raw bytes: [UInt8]) {
        serial = Self.counter.add(1, ordering: .relaxed).newValue
        rawCount = bytes.count
        raw = bytes
        compressed = nil
    }

    private init(compressed: [UInt8], rawCount: Int) {
        serial = Self.counter.add(1, ordering: .relaxed).newValue
        self.rawCount = rawCount
        raw = nil
        self.compressed = compressed
    }

    /// How many bytes the block takes in memory.
    var storedCount: Int { compressed?.count ?? rawCount }

    /// This block compressed, or itself when compression does not help.
    func compressedIfSmaller() -> TextBlock {
        guard let raw, let smaller = Zstd.compress(raw) else { return self }
        return TextBlock(compressed: smaller, rawCount: rawCount)
    }

    /// The block's bytes, decompressed through a small process-wide cache (a screen of
    /// comments touches a few dozen blocks, frame after frame).
    var bytes: [UInt8] {
        if let raw { return raw }
        if let cached = Self.cache.withLock({ $0.value(for: serial) }) { return cached }
        let bytes = decompressed()
        Self.cache.withLock { $0.insert(bytes, for: serial) }
        return bytes
    }

    /// The block's bytes, decompressed without going through the cache (for a scan of
    /// every block, which would only evict what the screen needs).
    func decompressed() -> [UInt8] {
        if let raw { return raw }
        guard let compressed else { return [] }
        return Zstd.decompress(compressed, rawCount: rawCount) ?? []
    }

    private static let cache = Locked(BlockCache(capacity: 64))
}

/// The most recently used decompressed blocks, by serial.
struct BlockCache: Sendable {
    private let capacity: Int
    private var blocks: [Int: (bytes: [UInt8], used: Int)] = [:]
    private var clock = 0

    init(capacity: Int) { self.capacity = capacity }

    mutating func value(for serial: Int) -> [UInt8]? {
        guard let hit = blocks[serial] else { return nil }
        clock += 1
        blocks[serial] = (hit.bytes, clock)
        return hit.bytes
    }

    mutating func insert(_ bytes: [UInt8], for serial: Int) {
        if blocks.count >= capacity, let oldest = blocks.min(by: { $0.value.used < $1.value.used })?.key {
            blocks[oldest] = nil
        }
        clock += 1
        blocks[serial] = (bytes, clock)
    }
}
