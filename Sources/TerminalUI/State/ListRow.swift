import CommentsKit

/// One line of the comment list as drawn: a visible comment, and how many replies are
/// folded under it.
package struct ListRow: Equatable, Sendable {
    /// The comment and its place in the thread.
    package let row: VisibleRow
    /// Whether no later sibling follows it in the list (draws `└─` rather than `├─`).
    package internal(set) var isLastSibling = true
    private let storedFoldedReplies: Int32
    private var storedContinuingLevels: UInt32 = 0

    /// Replies hidden because this comment is folded (0 when unfolded).
    package var foldedReplies: Int { Int(storedFoldedReplies) }

    /// Bit `k` is set when the ancestor at depth `k` has a later sibling (draws `│ `).
    /// Kept for the first 32 levels: deeper guides would be off any screen.
    package internal(set) var continuingLevels: UInt64 {
        get { UInt64(storedContinuingLevels) }
        set { storedContinuingLevels = UInt32(truncatingIfNeeded: newValue) }
    }

    /// A row of the list (24 bytes: a million of them for a million comments; the field
    /// order packs them).
    package init(row: VisibleRow, foldedReplies: Int) {
        self.row = row
        storedFoldedReplies = Int32(clamping: foldedReplies)
    }

    /// A row with its tree guides.
    init(row: VisibleRow, foldedReplies: Int, isLastSibling: Bool, continuingLevels: UInt64) {
        self.init(row: row, foldedReplies: foldedReplies)
        self.isLastSibling = isLastSibling
        self.continuingLevels = continuingLevels
    }

    /// The comment's id.
    package var id: Int { row.id }
}
