/// How the visible list is ordered (`o` cycles them); kept per site with its filters.
public enum CommentOrder: String, Codable, Sendable, CaseIterable {
    /// Threads, replies under what they answer (newest threads first): the default.
    case threaded
    /// Every comment on its own line, newest first.
    case newestFirst
    /// Every comment on its own line, oldest first.
    case oldestFirst
    /// Every comment on its own line, the highest spam score first (issue 30); ties newest
    /// first, comments not scored yet last.
    case likelySpamFirst
    /// Every comment on its own line, the lowest spam score first: in Spam, the people most
    /// likely caught by mistake first.
    case likelyRealFirst

    /// The order `o` goes to next: threaded → newest first → oldest first → threaded.
    public var next: CommentOrder {
        switch self {
        case .threaded: .newestFirst
        case .newestFirst: .oldestFirst
        case .oldestFirst, .likelySpamFirst, .likelyRealFirst: .threaded
        }
    }

    /// The order `o` goes to next on a site: after oldest first, likely spam first when the
    /// site is scored (`isScored`), then most likely real first when the Status filter
    /// shows Spam (`showsSpam`), then threaded again.
    public func next(isScored: Bool, showsSpam: Bool) -> CommentOrder {
        switch self {
        case .oldestFirst where isScored: .likelySpamFirst
        case .likelySpamFirst where showsSpam: .likelyRealFirst
        default: next
        }
    }

    /// Whether the order reads the spam scores.
    public var readsSpamScores: Bool {
        self == .likelySpamFirst || self == .likelyRealFirst
    }

    /// What the header says of it ("newest first"); nil for the default order.
    public var label: String? {
        switch self {
        case .threaded: nil
        case .newestFirst: "newest first"
        case .oldestFirst: "oldest first"
        case .likelySpamFirst: "likely spam first"
        case .likelyRealFirst: "most likely real first"
        }
    }

    /// The visible rows, computed in thread order, put in this order. A flat order puts
    /// every row at depth 0, without replies under it (nothing folds), a reply marked as
    /// out of context (the list shows what it answers with `↳`); equal dates go by id.
    /// The score orders read `scores` (nil: none scored).
    func arrange(_ rows: inout [VisibleRow], in site: SiteComments, scores: SiteSpamScores? = nil) {
        guard self != .threaded else { return }
        let dates = site.facts.date
        var keyed: [(date: Int32, score: Int, row: VisibleRow)] = []
        keyed.reserveCapacity(rows.count)
        let readsScores = readsSpamScores
        for row in rows {
            let date = site.position(of: row.id).map { dates[$0] } ?? 0
            let isReply = row.depth > 0 || row.isOutOfContext
            // Not scored: after every scored comment, whichever way the scores go.
            let score = readsScores ? scores?.score(of: row.id).map { self == .likelySpamFirst ? $0 : 100 - $0 } ?? -1 : 0
            keyed.append((date, score, VisibleRow(id: row.id, depth: 0, isOutOfContext: isReply, hasReplies: false)))
        }
        let newestFirst = self != .oldestFirst
        keyed.sort { left, right in
            if left.score != right.score { return left.score > right.score }
            if left.date != right.date { return newestFirst ? left.date > right.date : left.date < right.date }
            return newestFirst ? left.row.id > right.row.id : left.row.id < right.row.id
        }
        rows.removeAll(keepingCapacity: true)
        rows.append(contentsOf: keyed.lazy.map(\.row))
    }
}
