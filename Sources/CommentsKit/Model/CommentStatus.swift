/// A comment's moderation status, spelled as WordPress answers it in the `status` field.
public enum CommentStatus: String, Sendable, Hashable, CaseIterable, Codable {
    /// Public.
    case approved
    /// Awaiting moderation.
    case hold
    /// Marked as spam.
    case spam
    /// In the trash.
    case trash

    /// The spelling of the `status` list filter, which differs for approved comments:
    /// `approve` (`status=approved` matches nothing in WordPress).
    public var filterValue: String {
        self == .approved ? "approve" : rawValue
    }
}
