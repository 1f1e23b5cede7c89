import Foundation

/// A write made while the site could not be reached, kept until it is sent or dropped.
///
/// The replica only keeps entries; sending them (and settling ambiguous outcomes with the
/// site) is the caller's job.
public struct OutboxEntry: Sendable, Hashable, Identifiable {
    /// What the write does.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A status change (approve, hold, spam, trash).
        case moderate
        /// A new comment answering ``OutboxEntry/commentID``.
        case reply
        /// New content for ``OutboxEntry/commentID``.
        case edit
        /// Deleting ``OutboxEntry/commentID`` for good.
        case delete
    }

    /// Where the entry is in its life.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Waiting to be sent; may still be dropped.
        case pending
        /// The site accepted it; kept for the record until the caller removes it.
        case sent
    }

    /// The entry's number, never given twice in one replica; entries are sent in this order.
    public let id: Int64
    /// The site it is for (the replica's own).
    public let site: String
    /// What the write does.
    public let kind: Kind
    /// The comment it acts on (for a reply, the comment answered).
    public let commentID: Int
    /// What the caller needs to send it again (a request body), opaque to the replica.
    public let payload: Data
    /// When it was queued.
    public let created: Date
    /// Pending or sent.
    public let state: State
}
