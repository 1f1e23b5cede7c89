/// A comment as the stores keep it: the server's comment, its text made plain once, and
/// what is happening to it locally.
public struct CommentEntry: Equatable, Sendable, Identifiable {
    /// The comment as the server last described it (or as written here, for a reply
    /// not yet posted).
    public private(set) var comment: Comment
    /// `comment.contentHTML` as plain text: tags gone, entities decoded, links kept
    /// visible. Computed once per content change, not per frame. Not yet sanitised for a
    /// terminal: the view layer does that.
    public private(set) var text: String
    /// Whether it is a reply written here and not (yet) on the server.
    public var isLocal: Bool { comment.id < 0 }
    /// What is happening to it locally, if anything.
    public var mark: LocalMark?
    /// Whether a permanent deletion is on its way: hidden from lists until the server
    /// answers; shown again where it was if the deletion fails.
    public var isBeingDeleted = false

    /// The comment's id (negative for a local reply).
    public var id: Int { comment.id }

    /// Wraps `comment`, converting its HTML to text.
    public init(_ comment: Comment, mark: LocalMark? = nil) {
        self.comment = comment
        self.text = HTMLText.plainText(fromHTML: comment.contentHTML)
        self.mark = mark
    }

    /// Replaces the comment, converting the HTML again only if it changed.
    mutating func update(_ newComment: Comment) {
        if newComment.contentHTML != comment.contentHTML {
            text = HTMLText.plainText(fromHTML: newComment.contentHTML)
        }
        comment = newComment
    }

    /// Changes only the status (optimistic moderation).
    mutating func setStatus(_ status: CommentStatus) {
        comment.status = status
    }

    /// Moves the comment under another parent (its parent was deleted for good).
    mutating func setParent(_ parent: Int) {
        comment.parent = parent
    }
}
