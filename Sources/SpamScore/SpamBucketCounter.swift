/// How often each feature bucket occurs in one comment: a small open-addressing table of the
/// buckets seen (a comment has hundreds, the feature space 2^18), so counting stays in the
/// processor's nearest cache, and the table is emptied by visiting only what was counted.
/// Reused from one comment to the next by ``SpamFeatureReader``.
struct SpamBucketCounter {
    /// Each slot's bucket plus one; 0: empty.
    private var keys: [UInt32]
    private var counts: [UInt32]
    /// The filled slots, in the order their buckets were first counted (the first ``filledCount``).
    private var filled: [Int32]
    private var filledCount = 0
    private var shift: UInt32

    private static let smallestBits: UInt32 = 11

    init() {
        keys = [UInt32](repeating: 0, count: 1 << Self.smallestBits)
        counts = keys
        filled = [Int32](repeating: 0, count: 1 << (Self.smallestBits - 1))
        shift = 32 - Self.smallestBits
    }

    /// How many distinct buckets are counted.
    var count: Int { filledCount }

    /// Makes room for `buckets` more counts while the table is empty: it stays at most half
    /// full, so a search ends in a slot or two. Grows only for a comment longer than any before.
    mutating func reserve(_ buckets: Int) {
        precondition(filledCount == 0, "the table grows only between comments")
        let needed = 2 * buckets
        guard needed > keys.count else { return }
        var bits = Self.smallestBits
        while 1 << bits < needed { bits += 1 }
        keys = [UInt32](repeating: 0, count: 1 << bits)
        counts = keys
        filled = [Int32](repeating: 0, count: 1 << (bits - 1))
        shift = 32 - bits
    }

    /// Calls `body` with a tally that counts buckets into the table (at most as many as
    /// were reserved).
    mutating func counting<Result>(_ body: (inout Tally) -> Result) -> Result {
        let shift = shift, filledCount = filledCount
        let (result, count) = keys.withUnsafeMutableBufferPointer { keys in
            counts.withUnsafeMutableBufferPointer { counts in
                filled.withUnsafeMutableBufferPointer { filled in
                    var tally = Tally(keys: keys, counts: counts, filled: filled, count: filledCount, shift: shift)
                    let result = body(&tally)
                    return (result, tally.count)
                }
            }
        }
        self.filledCount = count
        return result
    }

    /// Hands each bucket counted and its count to `body`, in the order first counted; the
    /// table emptied.
    mutating func drain(_ body: (UInt32, UInt32) -> Void) {
        let count = filledCount
        keys.withUnsafeMutableBufferPointer { keys in
            counts.withUnsafeBufferPointer { counts in
                filled.withUnsafeBufferPointer { filled in
                    for index in 0..<count {
                        let slot = Int(filled[index])
                        body(keys[slot] &- 1, counts[slot])
                        keys[slot] = 0
                    }
                }
            }
        }
        filledCount = 0
    }

    /// The table while it counts: its buffers, without the checks an array makes on each
    /// write (a comment's few hundred n-grams each make one).
    struct Tally {
        fileprivate let keys: UnsafeMutableBufferPointer<UInt32>
        fileprivate let counts: UnsafeMutableBufferPointer<UInt32>
        fileprivate let filled: UnsafeMutableBufferPointer<Int32>
        fileprivate var count: Int
        fileprivate let shift: UInt32

        /// Counts one occurrence of `bucket` (under 2^32 - 1).
        @inline(__always)
        mutating func add(_ bucket: UInt32) {
            let key = bucket &+ 1
            let mask = keys.count &- 1
            var slot = Int((key &* 0x9E37_79B1) >> shift)
            while true {
                let found = keys[slot]
                if found == key {
                    counts[slot] &+= 1
                    return
                }
                if found == 0 {
                    precondition(count < filled.count, "more buckets counted than reserved")
                    keys[slot] = key
                    counts[slot] = 1
                    filled[count] = Int32(truncatingIfNeeded: slot)
                    count &+= 1
                    return
                }
                slot = (slot &+ 1) & mask
            }
        }
    }
}
