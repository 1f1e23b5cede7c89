extension MockBackend {
    /// Adds one comment to the site at `position` as a visitor would write it: a
    /// commenter of the author table, a generated text, on a busy post, sometimes a reply
    /// to a recent comment there; approved or held for moderation. Dated `now`, or a second
    /// after the site's newest comment when that is later (dates grow with ids, as the
    /// stored order needs). The choices come from the site's next id and the reference date,
    /// so the same server adds the same comments.
    mutating func addVisitorComment(site position: Int, now: Int64) -> StoredComment {
        let site = sites[position]
        var random = SplitMix64(seed: UInt64(bitPattern: referenceSeconds) &+ UInt64(site.nextCommentID) &* 0x9E37_79B9_7F4A_7C15)
        // Skewed towards the first posts, as the seed data is.
        let post = site.posts.isEmpty ? 0 : site.posts[min(random.below(site.posts.count), random.below(site.posts.count))].id
        var comment = StoredComment(
            id: site.nextCommentID, post: post, parent: 0, authorIndex: authors.drawCommenter(&random),
            dateGMT: max(now, (site.newestDate ?? now) + 1), status: random.chance(0.6) ? .approved : .hold,
            statusBeforeTrash: nil, content: .generated(seed: random.next())
        )
        if random.chance(0.4), let parent = Self.recentVisible(on: post, in: site) {
            comment.parent = parent
        }
        sites[position].append(comment)
        return comment
    }

    /// A recent approved comment of `post` (among the site's last 50), to reply to.
    private static func recentVisible(on post: Int, in site: SiteState) -> Int? {
        site.comments.suffix(50).last { $0.post == post && !$0.isDeleted && $0.status == .approved }?.id
    }
}
