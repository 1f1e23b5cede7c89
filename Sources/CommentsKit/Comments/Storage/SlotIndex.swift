/// Comment id → slot in a ``CommentTable``: an open-addressing hash table of slots.
///
/// It stores only the slot (4 bytes) and compares ids through the table's id column, so a
/// million comments take 8 MB here, where a `[Int: Int32]` took 25 MB — and the stores
/// copy it whole when a page arrives while an older state is still held.
struct SlotIndex: Sendable {
    private static let empty: Int32 = -1, removed: Int32 = -2

    private var buckets = [Int32](repeating: -1, count: 16)
    /// How many ids it holds.
    private(set) var count = 0
    /// Buckets not empty: ids plus removal marks.
    private var used = 0

    init() {}

    private var mask: Int { buckets.count - 1 }

    private static func hash(_ id: Int) -> Int {
        // Fibonacci hashing: ids are often consecutive, this spreads them.
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9_7F4A_7C15) >> 20)
    }

    /// The slot of `id`, looked up through `ids` (the table's id column).
    func slot(of id: Int, ids: NarrowColumn<Int>) -> Int? {
        var bucket = Self.hash(id) & mask
        while true {
            let slot = buckets[bucket]
            if slot == Self.empty { return nil }
            if slot >= 0, ids[Int(slot)] == id { return Int(slot) }
            bucket = (bucket + 1) & mask
        }
    }

    /// Files `slot`, whose id (`ids[slot]`) is not filed yet.
    mutating func insert(slot: Int32, ids: NarrowColumn<Int>) {
        if (used + 1) * 4 > buckets.count * 3 { rebuild(ids: ids) }
        var bucket = Self.hash(ids[Int(slot)]) & mask
        while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
        if buckets[bucket] == Self.empty { used += 1 }
        buckets[bucket] = slot
        count += 1
    }

    /// Takes `id` out (its bucket keeps a removal mark, so later ids stay reachable).
    mutating func remove(id: Int, ids: NarrowColumn<Int>) {
        var bucket = Self.hash(id) & mask
        while true {
            let slot = buckets[bucket]
            if slot == Self.empty { return }
            if slot >= 0, ids[Int(slot)] == id {
                buckets[bucket] = Self.removed
                count -= 1
                return
            }
            bucket = (bucket + 1) & mask
        }
    }

    /// Refiles every id into a table at most half full, dropping removal marks.
    private mutating func rebuild(ids: NarrowColumn<Int>) {
        var capacity = 16
        while capacity < (count + 1) * 2 { capacity *= 2 }
        let old = buckets
        buckets = [Int32](repeating: Self.empty, count: capacity)
        count = 0
        used = 0
        for slot in old where slot >= 0 {
            var bucket = Self.hash(ids[Int(slot)]) & mask
            while buckets[bucket] != Self.empty { bucket = (bucket + 1) & mask }
            buckets[bucket] = slot
            count += 1
            used += 1
        }
    }
}
