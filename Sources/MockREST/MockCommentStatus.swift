/// A comment's moderation status as the mock stores it, spelled as WordPress answers it.
public enum MockCommentStatus: String, Sendable, Hashable, CaseIterable {
    /// Visible to everyone (`comment_approved = 1`).
    case approved
    /// Awaiting moderation (`comment_approved = 0`).
    case hold
    /// Marked as spam.
    case spam
    /// In the trash.
    case trash
}
