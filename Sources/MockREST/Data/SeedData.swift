import Foundation

/// Builds the sites of a configuration. Each site draws from its own PRNG stream, so site 1 is
/// the same whatever `siteCount` is, and the same seed always builds the same data.
enum SeedData {
    /// Two years, the spread of the seeded comment dates.
    static let span: Int64 = 730 * 86_400
    /// Threads go at most this deep (a top-level comment has depth 0).
    static let maxDepth = 5

    static func sites(_ configuration: MockConfiguration, host: String, authors: AuthorTable) -> [SiteState] {
        let now = Int64(configuration.referenceDate.timeIntervalSince1970.rounded(.down))
        return (0..<max(0, configuration.siteCount)).map { index in
            var random = SplitMix64(seed: configuration.seed &+ UInt64(index + 1) &* 0xA24B_AED4_963E_E407)
            let id = "site-\(index + 1)"
            let names = TextCorpus.siteNames
            let name = names[index % names.count] + (index < names.count ? "" : " \(index / names.count + 1)")
            let root = URL(string: "http://\(host)/\(id)") ?? URL(fileURLWithPath: "/")
            let site = MockSite(id: id, name: name, restBase: root.appendingPathComponent("wp-json"), root: root)
            let posts = makePosts(&random)
            var comments = makeComments(
                count: max(0, configuration.commentsPerSite), posts: posts, now: now,
                authors: authors, random: &random
            )
            if configuration.seedsNotesAndPings {
                comments += notesAndPings(
                    after: comments, post: posts[0].id, now: now, authors: authors,
                    withNotes: configuration.wordPressVersion.hasNotes
                )
            }
            let offsets: [Int64] = [3600, -5 * 3600, 9 * 3600, 0, 5 * 3600 + 1800]
            let publicRoot = "http://\(configuration.host)/\(id)"
            return SiteState(site: site, publicRoot: publicRoot, utcOffset: offsets[index % offsets.count], posts: posts, comments: comments)
        }
    }

    private static func makePosts(_ random: inout SplitMix64) -> [MockPost] {
        let titles = TextCorpus.postTitles
        let count = 4 + random.below(6)
        let start = random.below(titles.count)
        var id = 1 + random.below(9)
        return (0..<count).map { index in
            id += 2 + random.below(15)
            let title = titles[(start + index * 7) % titles.count]
            return MockPost(id: id, title: title, slug: slug(title))
        }
    }

    private static func slug(_ title: String) -> String {
        var result = ""
        for scalar in title.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("-") {
                result += "-"
            }
        }
        return result.hasSuffix("-") ? String(result.dropLast()) : result
    }

    /// A recent comment of a post, a candidate parent for the next reply.
    private struct ThreadTip {
        let id: Int
        let depth: Int
    }

    private static func makeComments(
        count: Int, posts: [MockPost], now: Int64, authors: AuthorTable, random: inout SplitMix64
    ) -> [StoredComment] {
        var comments: [StoredComment] = []
        comments.reserveCapacity(count)
        var tips = [[ThreadTip]](repeating: [], count: posts.count)
        let start = now - span
        let step = count > 0 ? max(1, span / Int64(count)) : 1
        let hostile = Set((0..<TextCorpus.hostileTexts.count).map { _ in random.below(max(count, 1)) })
        for index in 0..<count {
            // Skewed towards the first posts: some posts are busy, some quiet.
            let postIndex = min(random.below(posts.count), random.below(posts.count))
            let date = start + Int64(index) * span / Int64(count) + Int64(random.below(Int(step)))
            var comment = StoredComment(
                id: index + 1, post: posts[postIndex].id, parent: 0, authorIndex: 0, dateGMT: date,
                status: .approved, statusBeforeTrash: nil, content: .generated(seed: random.next())
            )
            let depth = chooseParent(&comment, tips: tips[postIndex], random: &random)
            chooseAuthor(&comment, authors: authors, random: &random)
            let flood = chooseStatus(&comment, random: &random)
            if hostile.contains(index) {
                comment.content = .hostile(index: index)
                comment.status = .approved
            }
            makeSpamLike(&comment, flood: flood, authors: authors)
            tips[postIndex].append(ThreadTip(id: comment.id, depth: depth))
            if tips[postIndex].count > 24 { tips[postIndex].removeFirst() }
            comments.append(comment)
        }
        ensureEveryStatus(&comments)
        return comments
    }

    /// Sets the parent and returns the depth of the comment.
    private static func chooseParent(_ comment: inout StoredComment, tips: [ThreadTip], random: inout SplitMix64) -> Int {
        guard !tips.isEmpty, random.chance(0.55) else { return 0 }
        let tip = random.pick(tips)
        guard tip.depth < maxDepth else { return 0 }
        comment.parent = tip.id
        return tip.depth + 1
    }

    private static func chooseAuthor(_ comment: inout StoredComment, authors: AuthorTable, random: inout SplitMix64) {
        let roll = random.unit()
        if roll < 0.04 {
            comment.authorIndex = AuthorTable.moderatorIndex
        } else if roll < 0.065, comment.parent == 0 {
            let linkback = authors.drawLinkback(&random)
            comment.authorIndex = linkback.index
            comment.type = linkback.type
            if case .generated(let seed) = comment.content {
                comment.content = .pingExcerpt(seed: seed, trackback: linkback.type == .trackback)
            }
        } else {
            comment.authorIndex = authors.drawCommenter(&random)
        }
    }

    /// Sets the status; true when the comment is one of the flood's (spam too).
    private static func chooseStatus(_ comment: inout StoredComment, random: inout SplitMix64) -> Bool {
        let roll = random.unit()
        switch roll {
        case ..<0.79: comment.status = .approved
        case ..<0.82: comment.status = .spam; comment.statusBeforeTrash = .hold; return true
        case ..<0.90: comment.status = .hold
        case ..<0.96: comment.status = .spam; comment.statusBeforeTrash = .hold
        default: comment.status = .trash; comment.statusBeforeTrash = random.chance(0.5) ? .approved : .hold
        }
        return false
    }

    /// Spam gets a spam campaign's text and sender, or the flood's; a third of the held
    /// comments look like spam too (the score is there to help with those). Drawn from the
    /// comment's content seed, never from the site's generator: no other comment changes.
    /// The moderator's own comments, pings and hostile texts stay as they are.
    private static func makeSpamLike(_ comment: inout StoredComment, flood: Bool, authors: AuthorTable) {
        guard case .generated(let seed) = comment.content, comment.type == .comment,
              comment.authorIndex != AuthorTable.moderatorIndex else { return }
        let asFlood: Bool
        switch comment.status {
        case .spam: asFlood = flood
        case .hold where seed % 3 == 0: asFlood = seed / 3 % 2 == 0
        default: return
        }
        if asFlood {
            comment.content = .flood(seed: seed)
            comment.authorIndex = authors.flooder(seed: seed)
        } else {
            comment.content = .spam(seed: seed)
            comment.authorIndex = authors.spammer(campaign: SpamCorpus.campaign(seed: seed), seed: seed)
        }
    }

    /// Small data sets could miss a status by chance; tests rely on every one being there.
    /// Takes the missing statuses from the newest comments whose status is not unique.
    private static func ensureEveryStatus(_ comments: inout [StoredComment]) {
        guard comments.count >= MockCommentStatus.allCases.count else { return }
        var counts: [MockCommentStatus: Int] = [:]
        for comment in comments { counts[comment.status, default: 0] += 1 }
        var position = comments.count - 1
        for status in MockCommentStatus.allCases where counts[status, default: 0] == 0 {
            while counts[comments[position].status, default: 0] < 2 { position -= 1 }
            counts[comments[position].status, default: 0] -= 1
            counts[status] = 1
            comments[position].status = status
            comments[position].statusBeforeTrash = status == .trash || status == .spam ? .approved : nil
            position -= 1
        }
    }
}
