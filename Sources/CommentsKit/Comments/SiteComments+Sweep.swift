/// What the background refresh (``SweepReducer``) reads of the loaded comments: statuses
/// by id and runs of rows, from the flat columns, without building an entry per comment.
extension SiteComments {
    /// The status of comment `id`, if loaded.
    func status(of id: Int) -> CommentStatus? {
        guard let slot = table.slot(of: id) else { return nil }
        return CommentStatus.allCases[Int(table.statusIndex(at: slot))]
    }

    /// Whether comment `id` is from the site and a comment or a ping: what the lists the
    /// refresh reads hold (``WordPressClient/commentsAndPings``); nothing else is judged by
    /// them.
    func isSweepable(_ id: Int) -> Bool {
        guard id > 0, let slot = table.slot(of: id) else { return false }
        let type = CommentType(wordPress: table.type(at: slot))
        return type == .comment || type.isPing
    }

    /// The loaded comments from the site whose status is not approved, with their status.
    var unapprovedServerComments: [(id: Int, status: CommentStatus)] {
        let approved = RowFacts.statusIndex(.approved)
        var found: [(id: Int, status: CommentStatus)] = []
        for (position, status) in facts.status.enumerated()
        where status != approved && facts.flags[position] & RowFacts.isLocal == 0 {
            found.append((rows[position].id, CommentStatus.allCases[Int(status)]))
        }
        return found
    }

    /// Up to `limit` approved comments from the site, in thread order from row `start`, and
    /// the row to go on from (nil: the end was reached).
    func approvedRun(from start: Int, limit: Int) -> (ids: [Int], next: Int?) {
        let approved = RowFacts.statusIndex(.approved)
        var ids: [Int] = []
        var position = max(0, start)
        while position < rows.count, ids.count < limit {
            if facts.status[position] == approved, facts.flags[position] & (RowFacts.isLocal | RowFacts.isBeingDeleted) == 0 {
                let id = rows[position].id
                if isSweepable(id) { ids.append(id) }
            }
            position += 1
        }
        return (ids, position < rows.count ? position : nil)
    }
}
