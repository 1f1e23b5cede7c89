import Synchronization

/// One comment's place in threaded order.
///
/// Eight bytes: a site of a million comments keeps a million of these, and a page merged
/// while the store still holds the previous state copies them all (at sixteen bytes, the
/// two copies were 32 MB of the peak). The id takes 40 bits, enough for any id a site
/// gives (up to 549,755,813,887) and for the negative ids of replies written here; an id
/// beyond (only in odd or hostile data) is kept exactly in ``WideThreadIDs``, and the row
/// holds its number there.
public struct ThreadRow: Equatable, Sendable {
    /// Bits 0–39: the id (two's complement), or the number in ``WideThreadIDs``; bits
    /// 40–60: the depth; bit 61: parent missing; bit 62: has replies; bit 63: wide id.
    private let bits: UInt64

    private static let idBits: UInt64 = 40
    private static let idMask: UInt64 = (1 << idBits) - 1
    private static let depthShift: UInt64 = idBits
    /// Depths beyond it (a chain of two million replies, only in corrupt data) are clamped.
    private static let maximumDepth = (1 << 21) - 1
    private static let parentMissingBit: UInt64 = 1 << 61
    private static let hasRepliesBit: UInt64 = 1 << 62
    private static let wideBit: UInt64 = 1 << 63
    /// The ids that fit 40 bits.
    private static let narrowIDs = -(1 << 39)...((1 << 39) - 1)

    /// The comment's id.
    public var id: Int {
        let stored = Int(truncatingIfNeeded: bits & Self.idMask)
        if bits & Self.wideBit != 0 { return WideThreadIDs.id(numbered: stored) }
        // Sign-extend the 40 bits.
        return (stored << (64 - Int(Self.idBits))) >> (64 - Int(Self.idBits))
    }

    /// 0 for a thread's first comment, 1 for a reply to it, and so on.
    public var depth: Int { Int(truncatingIfNeeded: (bits >> Self.depthShift) & UInt64(Self.maximumDepth)) }
    /// Whether the comment replies to a parent that is not loaded (or was deleted): it
    /// then starts a thread of its own, and the UI marks the missing parent.
    public var parentMissing: Bool { bits & Self.parentMissingBit != 0 }
    /// Whether the comment has replies among the loaded comments.
    public var hasReplies: Bool { bits & Self.hasRepliesBit != 0 }

    /// A row; depths beyond two million (only in corrupt data) are clamped.
    public init(id: Int, depth: Int, parentMissing: Bool, hasReplies: Bool) {
        var bits = UInt64(min(max(depth, 0), Self.maximumDepth)) << Self.depthShift
        if Self.narrowIDs.contains(id) {
            bits |= UInt64(bitPattern: Int64(id)) & Self.idMask
        } else {
            bits |= UInt64(WideThreadIDs.number(of: id)) & Self.idMask | Self.wideBit
        }
        if parentMissing { bits |= Self.parentMissingBit }
        if hasReplies { bits |= Self.hasRepliesBit }
        self.bits = bits
    }
}

/// The ids too large for a ``ThreadRow``'s 40 bits, each numbered once for the life of the
/// process (a site sending such ids sends few; the table never shrinks, so a row's number
/// stays valid).
enum WideThreadIDs {
    private static let table = Mutex<(ids: [Int], numbers: [Int: Int])>(([], [:]))

    /// The number of `id`, given it if new.
    static func number(of id: Int) -> Int {
        table.withLock { table in
            if let number = table.numbers[id] { return number }
            table.ids.append(id)
            table.numbers[id] = table.ids.count - 1
            return table.ids.count - 1
        }
    }

    /// The id numbered `number` (0 for a number never given, which only a bug could ask).
    static func id(numbered number: Int) -> Int {
        table.withLock { table in number >= 0 && number < table.ids.count ? table.ids[number] : 0 }
    }
}
