/// A comment that changed on the site since the user acted on it, found by the check every
/// write makes before it is sent (``SiteCheck``): nothing was written, and this says what
/// changed, in words (``sentence``), with the site's copy (``found``) the row now shows.
///
/// WordPress has no conditional writes (no ETag, no If-Match on comments) and comments
/// have no modified date: comparing with what the user acted on is the only way not to
/// undo someone else's decision silently.
public struct WriteConflict: Sendable, Hashable, Codable {
    /// What changed.
    public enum Change: Sendable, Hashable, Codable {
        /// The comment's status is `now`, not the `was` the user acted on.
        case status(was: CommentStatus, now: CommentStatus)
        /// The comment is already what the write would make it (`was`: the status the user
        /// acted on; equal to `now` when parley's copy was right and nothing changed).
        case alreadyDone(was: CommentStatus, now: CommentStatus, restoring: Bool)
        /// The comment is no longer on the site.
        case deleted
        /// Its text is not the one the user edited.
        case text
        /// The comment a reply answers is in the trash or the spam (`now`).
        case parentStatus(now: CommentStatus)
        /// The comment a reply answers is no longer on the site.
        case parentDeleted
    }

    /// The comment checked (for a reply, the comment it answers).
    public let id: Int
    /// What changed.
    public let change: Change
    /// The comment as the site has it now; nil when it was deleted.
    public let found: CommentSnapshot?
    /// The change the user acted on was parley's own (an undo): said "since your change".
    public let sinceOwnChange: Bool

    /// Makes a conflict.
    public init(id: Int, change: Change, found: CommentSnapshot?, sinceOwnChange: Bool = false) {
        self.id = id
        self.change = change
        self.found = found
        self.sinceOwnChange = sinceOwnChange
    }

    /// Whether the user is asked to write anyway: not when the site already has what was
    /// wanted, nor when the comment is gone (there is nothing left to write to).
    public var asks: Bool {
        switch change {
        case .alreadyDone, .deleted: false
        case .status, .text, .parentStatus, .parentDeleted: true
        }
    }

    /// What changed, in one sentence without its end: "Marked as spam on the site since
    /// you loaded it (parley did not do it)".
    public var sentence: String {
        let since = sinceOwnChange ? "since your change" : "since you loaded it"
        switch change {
        case let .status(was, now):
            return "\(Self.becoming(now, from: was)) on the site \(since) (parley did not do it)"
        case let .alreadyDone(was, now, restoring):
            guard was != now else {
                return restoring ? "The comment is not in the trash" : "The comment is already \(now.displayName)"
            }
            return "\(Self.becoming(now, from: was)) on the site \(since) (parley did not do it): nothing to do"
        case .deleted:
            return "Deleted on the site by someone else"
        case .text:
            return "The text changed on the site since you opened it"
        case .parentStatus(let now):
            return "The comment you reply to was \(Self.becoming(now, from: .approved).lowercased()) on the site (parley did not do it)"
        case .parentDeleted:
            return "The comment you reply to was deleted on the site by someone else"
        }
    }

    /// A few words for a bulk run's grouped report: "now spam", "deleted".
    public var shortReason: String {
        switch change {
        case .status(_, let now), .alreadyDone(_, let now, _), .parentStatus(let now): "now \(now.displayName)"
        case .deleted, .parentDeleted: "deleted"
        case .text: "text changed"
        }
    }

    /// "Marked as spam", "Restored", said of a comment that went from `was` to `now`.
    static func becoming(_ now: CommentStatus, from was: CommentStatus) -> String {
        switch (was, now) {
        case (.trash, .approved), (.spam, .approved): "Restored and approved"
        case (.trash, .hold), (.spam, .hold): "Restored as pending"
        case (_, .approved): "Approved"
        case (_, .hold): "Unapproved"
        case (_, .spam): "Marked as spam"
        case (_, .trash): "Moved to the trash"
        }
    }
}
