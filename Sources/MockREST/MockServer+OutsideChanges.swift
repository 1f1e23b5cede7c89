import Foundation

/// A change made to a comment by someone else: another moderator in wp-admin, a colleague's
/// parley, the WordPress app. WordPress applies it as it applies its own requests, and tells
/// nobody: a client learns of it only by reading the comment again.
public enum OutsideChange: Sendable, Hashable {
    /// A new status, as wp-admin's row actions set it (trash and spam remember the status
    /// before, as `_wp_trash_meta_status` does).
    case status(MockCommentStatus)
    /// Out of the trash or the spam, back to the status it had before (held when unknown).
    case restore
    /// New text, as an edit in wp-admin saves it.
    case content(String)
    /// Deleted for good; its replies move up to its parent, as in WordPress.
    case delete
}

extension MockServer {
    /// Applies `change` to comment `id` of `site` as another moderator would, without a
    /// request: nothing in the request log, no latency, no fault. Returns the comment as it
    /// is afterwards (nil when deleted, or when the site or comment does not exist).
    @discardableResult
    public func changeOutside(site: String, id: Int, _ change: OutsideChange) -> MockComment? {
        lock.withLock {
            guard let position = backend.position(of: site) else { return nil }
            switch change {
            case .status(let status):
                let request: StatusChange = switch status {
                case .approved: .approve
                case .hold: .hold
                case .spam: .spam
                case .trash: .trash
                }
                backend.sites[position].update(id: id) { request.apply(to: &$0) }
            case .restore:
                backend.sites[position].update(id: id) { comment in
                    (comment.status == .spam ? StatusChange.unspam : .untrash).apply(to: &comment)
                }
            case .content(let text):
                backend.sites[position].update(id: id) { $0.content = .literal(text) }
            case .delete:
                backend.sites[position].delete(id: id)
            }
            return backend.site(site)?.comment(id: id).map { snapshot($0) }
        }
    }
}
