/// The `order` of a comment list (by date).
public enum SortOrder: String, Sendable, Hashable {
    /// Oldest first.
    case asc
    /// Newest first (WordPress's default).
    case desc
}
