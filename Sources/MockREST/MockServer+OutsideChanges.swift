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

/// A change ``MockServer/changeOneOutsideAtRandom(_:)`` made: which comment, and what.
public struct RandomOutsideChange: Sendable, Hashable {
    /// The site's id (`site-1`).
    public let site: String
    /// The comment.
    public let id: Int
    /// What was done to it.
    public let change: OutsideChange
}

extension MockServer {
    /// Has another moderator change one comment at random every `interval` on `clock`
    /// (``changeOneOutsideAtRandom(_:)``), the same changes in the same order for the same
    /// `seed`, until the returned task is cancelled: what `--outside-changes` does, so that a
    /// client's checks and freshness can be watched and tested without a second client. The
    /// task sleeps in between: it costs nothing while it waits.
    public func changeOutsideAtRandom(every interval: Duration, seed: UInt64,
                                      clock: any Clock<Duration> = ContinuousClock()) -> Task<Void, Never> {
        Task.detached { [weak self] in
            var random = SplitMix64(seed: seed &* 0xD1B5_4A32_D192_ED03 &+ 0x27)
            while !Task.isCancelled {
                guard (try? await clock.sleep(for: interval)) != nil, let self else { return }
                self.changeOneOutsideAtRandom(&random)
            }
        }
    }

    /// Changes one live comment of a site, both drawn from `random`, as another moderator
    /// would (``changeOutside(site:id:_:)``): approve, hold, spam, trash, restore or new
    /// text, and now and then a deletion for good — each only where it changes something
    /// (no restore of an approved comment). Returns what it did; nil when no site has a
    /// comment left.
    @discardableResult
    public func changeOneOutsideAtRandom(_ random: inout SplitMix64) -> RandomOutsideChange? {
        guard let (site, id, status) = drawLiveComment(&random) else { return nil }
        let change = Self.drawChange(for: status, &random)
        changeOutside(site: site, id: id, change)
        return RandomOutsideChange(site: site, id: id, change: change)
    }

    /// The weights of the changes another moderator makes: mostly moderation, some edits,
    /// deletions for good rare (they cannot be undone, and a site rarely sees them).
    private static let changeWeights: [(change: OutsideChange, weight: Int)] = [
        (.status(.approved), 20), (.status(.hold), 12), (.status(.spam), 14), (.status(.trash), 14),
        (.restore, 16), (.content(""), 12), (.delete, 3),
    ]

    private static func drawChange(for status: MockCommentStatus, _ random: inout SplitMix64) -> OutsideChange {
        let possible = changeWeights.filter { candidate in
            switch candidate.change {
            case .status(let target): target != status
            case .restore: status == .spam || status == .trash
            case .content, .delete: true
            }
        }
        var draw = random.below(possible.reduce(0) { $0 + $1.weight })
        for candidate in possible {
            guard draw < candidate.weight else { draw -= candidate.weight; continue }
            if case .content = candidate.change {
                return .content("Edited by another moderator (revision \(random.below(10_000))).")
            }
            return candidate.change
        }
        return .status(.approved)
    }

    /// A site, one of its live comments (or pings, never notes) and its status, drawn from `random`.
    private func drawLiveComment(_ random: inout SplitMix64) -> (site: String, id: Int, status: MockCommentStatus)? {
        lock.withLock {
            let sites = backend.sites
            guard !sites.isEmpty else { return nil }
            let first = random.below(sites.count)
            for offset in sites.indices {
                let state = sites[(first + offset) % sites.count]
                guard !state.comments.isEmpty else { continue }
                // From a random place, the next live comment: deleted rows stay in place.
                let start = random.below(state.comments.count)
                for step in state.comments.indices {
                    let comment = state.comments[(start + step) % state.comments.count]
                    // Another moderator moderates comments and pings; notes are the editor's.
                    if !comment.isDeleted, comment.type != .note { return (state.site.id, comment.id, comment.status) }
                }
            }
            return nil
        }
    }
}
