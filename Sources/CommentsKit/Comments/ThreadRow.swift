/// One comment's place in threaded order.
public struct ThreadRow: Equatable, Sendable {
    /// The comment's id.
    public let id: Int
    /// 0 for a thread's first comment, 1 for a reply to it, and so on.
    public let depth: Int
    /// Whether the comment replies to a parent that is not loaded (or was deleted): it
    /// then starts a thread of its own, and the UI marks the missing parent.
    public let parentMissing: Bool
    /// Whether the comment has replies among the loaded comments.
    public let hasReplies: Bool
}
