/// One comment's place in threaded order.
///
/// Sixteen bytes: a site of a million comments keeps a million of these.
public struct ThreadRow: Equatable, Sendable {
    /// The comment's id.
    public let id: Int
    private let storedDepth: Int32
    private let flags: UInt8

    /// 0 for a thread's first comment, 1 for a reply to it, and so on.
    public var depth: Int { Int(storedDepth) }
    /// Whether the comment replies to a parent that is not loaded (or was deleted): it
    /// then starts a thread of its own, and the UI marks the missing parent.
    public var parentMissing: Bool { flags & 1 != 0 }
    /// Whether the comment has replies among the loaded comments.
    public var hasReplies: Bool { flags & 2 != 0 }

    /// A row; depths beyond `Int32.max` (only in corrupt data) are clamped.
    public init(id: Int, depth: Int, parentMissing: Bool, hasReplies: Bool) {
        self.id = id
        storedDepth = Int32(clamping: depth)
        flags = (parentMissing ? 1 : 0) | (hasReplies ? 2 : 0)
    }
}
