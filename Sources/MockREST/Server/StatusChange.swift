/// A requested status change (`handle_status_param`), every spelling WordPress accepts.
/// Unknown spellings make no change. `unspam`/`untrash` act only on a spam/trashed comment
/// and restore the status it had before (held when unknown), like `_wp_trash_meta_status`.
enum StatusChange: Sendable {
    case approve, hold, spam, unspam, trash, untrash

    init?(_ text: String) {
        switch text.lowercased() {
        case "approved", "approve", "1": self = .approve
        case "hold", "0": self = .hold
        case "spam": self = .spam
        case "unspam": self = .unspam
        case "trash": self = .trash
        case "untrash": self = .untrash
        default: return nil
        }
    }

    func apply(to comment: inout StoredComment) {
        switch self {
        case .approve: comment.status = .approved
        case .hold: comment.status = .hold
        case .spam, .trash:
            let target: MockCommentStatus = self == .spam ? .spam : .trash
            guard comment.status != target else { return }
            comment.statusBeforeTrash = comment.status
            comment.status = target
        case .unspam, .untrash:
            guard comment.status == (self == .unspam ? .spam : .trash) else { return }
            comment.status = comment.statusBeforeTrash ?? .hold
            comment.statusBeforeTrash = nil
        }
    }
}
