/// What a moderator can do to a comment's status.
public enum Moderation: String, Sendable, Hashable, CaseIterable {
    /// Publish it.
    case approve
    /// Hold it for moderation ("unapprove").
    case hold
    /// Mark it as spam.
    case spam
    /// Move it to the trash.
    case trash
    /// Take it out of the trash (WordPress restores the status it had before).
    case restore

    /// The status the comment has afterwards, as far as this side can tell: `restore`
    /// puts back `previous` when known, else "held" until the server says otherwise.
    func resultingStatus(previous: CommentStatus?) -> CommentStatus {
        switch self {
        case .approve: .approved
        case .hold: .hold
        case .spam: .spam
        case .trash: .trash
        case .restore: previous ?? .hold
        }
    }

    /// The past tense for notices: "Comment approved".
    var pastTense: String {
        switch self {
        case .approve: "approved"
        case .hold: "unapproved"
        case .spam: "marked as spam"
        case .trash: "moved to the trash"
        case .restore: "restored"
        }
    }

    /// The noun for failure notices: "Approve failed".
    var verb: String {
        switch self {
        case .approve: "Approve"
        case .hold: "Unapprove"
        case .spam: "Spam"
        case .trash: "Trash"
        case .restore: "Restore"
        }
    }
}
