import Foundation

/// A write made while the site could not be reached, kept until it is sent or dropped.
///
/// The replica only keeps entries; sending them (and settling ambiguous outcomes with the
/// site) is the caller's job.
package struct OutboxEntry: Sendable, Hashable, Identifiable {
    /// What the write does.
    package enum Kind: String, Sendable, Hashable, CaseIterable {
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
    package enum State: String, Sendable, Hashable, CaseIterable {
        /// Waiting to be sent; may still be dropped.
        case pending
        /// The site accepted it; kept for the record until the caller removes it.
        case sent
    }

    /// The entry's number, never given twice in one replica; entries are sent in this order.
    package let id: Int64
    /// The site it is for (the replica's own).
    package let site: String
    /// What the write does.
    package let kind: Kind
    /// The comment it acts on (for a reply, the comment answered).
    package let commentID: Int
    /// What the caller needs to send it again (a request body), opaque to the replica.
    package let payload: Data
    /// When it was queued.
    package let created: Date
    /// Pending or sent.
    package let state: State
}
