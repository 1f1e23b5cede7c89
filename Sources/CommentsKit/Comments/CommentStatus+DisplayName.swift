extension CommentStatus {
    /// How a sentence names the status: "approved", "pending", "spam", "in the trash".
    public var displayName: String {
        switch self {
        case .approved: "approved"
        case .hold: "pending"
        case .spam: "spam"
        case .trash: "in the trash"
        }
    }
}
