/// How the visible list is ordered (`o` cycles them); kept per site with its filters.
public enum CommentOrder: String, Codable, Sendable, CaseIterable {
    /// Threads, replies under what they answer (newest threads first): the default.
    case threaded
    /// Every comment on its own line, newest first.
    case newestFirst
    /// Every comment on its own line, oldest first.
    case oldestFirst

    /// The order `o` goes to next: threaded → newest first → oldest first → threaded.
    public var next: CommentOrder {
        switch self {
        case .threaded: .newestFirst
        case .newestFirst: .oldestFirst
        case .oldestFirst: .threaded
        }
    }

    /// What the header says of it ("newest first"); nil for the default order.
    public var label: String? {
        switch self {
        case .threaded: nil
        case .newestFirst: "newest first"
        case .oldestFirst: "oldest first"
        }
    }

    /// The visible rows, computed in thread order, put in this order. A flat order puts
    /// every row at depth 0, without replies under it (nothing folds), a reply marked as
    /// out of context (the list shows what it answers with `↳`); equal dates go by id.
    func arrange(_ rows: inout [VisibleRow], in site: SiteComments) {
        guard self != .threaded else { return }
        let dates = site.facts.date
        var keyed: [(date: Int32, row: VisibleRow)] = []
        keyed.reserveCapacity(rows.count)
        for row in rows {
            let date = site.position(of: row.id).map { dates[$0] } ?? 0
            let isReply = row.depth > 0 || row.isOutOfContext
            keyed.append((date, VisibleRow(id: row.id, depth: 0, isOutOfContext: isReply, hasReplies: false)))
        }
        let newestFirst = self == .newestFirst
        keyed.sort { left, right in
            if left.date != right.date { return newestFirst ? left.date > right.date : left.date < right.date }
            return newestFirst ? left.row.id > right.row.id : left.row.id < right.row.id
        }
        rows.removeAll(keepingCapacity: true)
        rows.append(contentsOf: keyed.lazy.map(\.row))
    }
}
