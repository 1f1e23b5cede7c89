/// What a bulk action does to each of its comments: a status change (undoable as a whole)
/// or a permanent deletion (never undoable).
public enum BulkAction: Equatable, Sendable, Codable {
    /// Approve, hold, spam, trash or restore each comment.
    case moderate(Moderation)
    /// Delete each comment for good.
    case deletePermanently

    /// The verb that heads the progress and the question: "Spam", "Delete".
    public var verb: String {
        switch self {
        case .moderate(let moderation): moderation.verb
        case .deletePermanently: "Delete"
        }
    }

    /// Whether one undo can revert the whole action.
    public var isUndoable: Bool { self != .deletePermanently }
}

/// One comment of a bulk run: the comment and what to do to it. An undo of a bulk action
/// reverts each comment to its own earlier status, so each item names its own change.
public struct BulkItem: Equatable, Sendable {
    /// The comment.
    public let id: Int
    /// What is done to it.
    public let action: BulkAction
    /// The undo step this item reverts (an undo run); nil for a new bulk action.
    let undoing: UndoEntry?
}
