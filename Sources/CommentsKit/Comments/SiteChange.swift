import Foundation

/// A change made to a comment on the site by someone else (wp-admin, another parley, the
/// WordPress app), as the background refresh found it (``SweepReducer``): the row shows it
/// until the user has seen it, and a log can record it
/// (``CommentsAction/changedOnSite(site:changes:)``).
public struct SiteChange: Equatable, Sendable, Codable {
    /// The comment.
    public let id: Int
    /// Its status as parley showed it before.
    public let before: CommentStatus
    /// Its status on the site now; nil: deleted for good.
    public let after: CommentStatus?
    /// Whether its text changed.
    public let textChanged: Bool
    /// When parley found out.
    public let noticed: Date
    /// Who wrote the comment, said of a deleted one (its row is gone: the notice names it).
    public let author: String?

    /// A change of `id` from `before` to `after` (nil: deleted), found at `noticed`;
    /// `author`: who wrote it, for a deletion.
    public init(id: Int, before: CommentStatus, after: CommentStatus?, textChanged: Bool = false, noticed: Date, author: String? = nil) {
        self.id = id
        self.before = before
        self.after = after
        self.textChanged = textChanged
        self.noticed = noticed
        self.author = author
    }

    /// Whether the comment is gone from the site.
    public var isDeletion: Bool { after == nil }

    /// What changed, for a row or the detail pane: "now spam", "now in the trash, text
    /// edited", "text edited", "deleted".
    public var summary: String {
        guard let after else { return "deleted" }
        var parts: [String] = []
        if after != before { parts.append("now \(after.displayName)") }
        if textChanged { parts.append("text edited") }
        return parts.isEmpty ? "re-read" : parts.joined(separator: ", ")
    }

    /// This change after an earlier one of the same comment not seen yet: from the status
    /// the user last saw to the status now.
    func following(_ earlier: SiteChange) -> SiteChange {
        SiteChange(id: id, before: earlier.before, after: after, textChanged: textChanged || earlier.textChanged, noticed: noticed,
                   author: author ?? earlier.author)
    }
}

/// What one status check of the background refresh read of a site, a page per tick: every
/// pending, spam and trash comment's id, and the approved count.
public struct SiteStatuses: Equatable, Sendable, Codable {
    /// One listing per status read (hold, spam, trash).
    public var listings: [StatusListing]
    /// How many approved comments the site counts.
    public var approved: Int

    /// The listings and the approved count.
    public init(listings: [StatusListing], approved: Int) {
        self.listings = listings
        self.approved = approved
    }

    /// The requests it took.
    public var requests: Int { listings.reduce(1) { $0 + $1.requests } }

    /// The site's counts per status.
    public var counts: StatusCounts {
        var counts = StatusCounts()
        counts.approved = approved
        for listing in listings { counts[listing.status] = listing.total }
        return counts
    }
}
