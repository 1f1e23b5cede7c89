/// A moderation action, sent as `{"status": rawValue}` to update a comment.
public enum StatusUpdate: String, Sendable, Hashable, CaseIterable {
    /// Approve (sent as `approved`).
    case approve = "approved"
    /// Put back into moderation.
    case hold
    /// Mark as spam.
    case spam
    /// Take out of spam, back to the status it had before.
    case unspam
    /// Move to the trash.
    case trash
    /// Take out of the trash, back to the status it had before.
    case untrash
}
