import Synchronization

/// All loaded comments of one site, in threaded order.
///
/// Threaded order: threads newest first; inside a thread, a reply follows its parent and
/// siblings go oldest first (reading order). A reply whose parent is not loaded starts a
/// thread of its own and is marked (``ThreadRow/parentMissing``).
///
/// Every change goes through a mutating method that takes a new ``revision`` from a
/// process-wide counter, so two values are equal exactly when they have the same revision:
/// comparing 100,000 comments costs one integer comparison.
public struct SiteComments: Equatable, Sendable {
    /// The comments by id.
    public private(set) var entries: [Int: CommentEntry] = [:]
    /// Every comment in threaded order, with its depth.
    public private(set) var rows: [ThreadRow] = []
    /// Where each id stands in ``rows``.
    public private(set) var rowIndex: [Int: Int] = [:]
    /// How many entries are replies written here and not (yet) on the server.
    public private(set) var localCount = 0
    /// How many entries came from the server.
    public var serverCount: Int { entries.count - localCount }
    /// Changes with every mutation; equal revisions mean equal values.
    public private(set) var revision: Int
    /// What the filters test, per row of ``rows`` (same positions), in flat arrays: a
    /// filter pass reads a few bytes per comment instead of copying entries.
    private(set) var facts = RowFacts()

    /// An empty set of comments.
    public init() {
        revision = Self.nextRevision()
    }

    /// Whether no comment is loaded.
    public var isEmpty: Bool { entries.isEmpty }
    /// How many comments are loaded.
    public var count: Int { entries.count }

    /// The entry with `id`.
    public subscript(id: Int) -> CommentEntry? { entries[id] }

    public static func == (lhs: SiteComments, rhs: SiteComments) -> Bool {
        lhs.revision == rhs.revision
    }

    // MARK: Changes

    /// Adds or replaces comments from the server. `keepLocal` names ids whose local state
    /// is newer than this answer: they are left as they are.
    mutating func merge(_ comments: [Comment], keepingLocal keepLocal: (Int) -> Bool = { _ in false }) {
        var structureChanged = false
        var updated: [Int] = []
        for comment in comments where !keepLocal(comment.id) {
            // Changed in place (no copy of the entry, whose strings would be retained and
            // released once more for nothing).
            if let index = entries.index(forKey: comment.id) {
                if entries.values[index].comment.parent != comment.parent { structureChanged = true }
                entries.values[index].update(comment)
                updated.append(comment.id)
            } else {
                entries[comment.id] = CommentEntry(comment)
                structureChanged = true
            }
        }
        touch(rethread: structureChanged, refreshing: updated)
    }

    /// Adds one entry (a local reply) or replaces the entry with the same id.
    mutating func insert(_ entry: CommentEntry) {
        let isNew = entries[entry.id] == nil || entries[entry.id]?.comment.parent != entry.comment.parent
        entries[entry.id] = entry
        touch(rethread: isNew, refreshing: [entry.id])
    }

    /// Changes the entry `id` in place, if present.
    mutating func modify(_ id: Int, _ body: (inout CommentEntry) -> Void) {
        guard let index = entries.index(forKey: id) else { return }
        let parent = entries.values[index].comment.parent
        body(&entries.values[index])
        touch(rethread: entries.values[index].comment.parent != parent, refreshing: [id])
    }

    /// Removes `id`; its replies move up to its parent, as WordPress does on a permanent
    /// delete.
    mutating func remove(_ id: Int) {
        guard let removed = entries.removeValue(forKey: id) else { return }
        for (childID, child) in entries where child.comment.parent == id {
            entries[childID]?.setParent(removed.comment.parent)
        }
        touch(rethread: true)
    }

    /// Swaps the local reply `localID` for the server's comment, keeping its place.
    mutating func replaceLocal(_ localID: Int, with comment: Comment) {
        entries[localID] = nil
        entries[comment.id] = CommentEntry(comment)
        touch(rethread: true)
    }

    private mutating func touch(rethread: Bool, refreshing ids: [Int] = []) {
        revision = Self.nextRevision()
        if rethread {
            rethreadAll()
        } else {
            for id in ids {
                if let position = rowIndex[id], let entry = entries[id] { facts.set(position, entry, row: rows[position]) }
            }
        }
    }

    // MARK: Threading

    /// Rebuilds ``rows``, ``rowIndex`` and the row facts from ``entries``.
    ///
    /// Works on flat arrays (positions instead of ids, one sort of positions by date,
    /// children as one compressed adjacency list): the dictionary-and-closure version spent
    /// seconds at 100,000 comments copying entries inside the sort's comparisons.
    private mutating func rethreadAll() {
        let count = entries.count
        var ids = [Int](), parents = [Int](), dates = [Double]()
        ids.reserveCapacity(count)
        parents.reserveCapacity(count)
        dates.reserveCapacity(count)
        var locals = 0
        for (id, entry) in entries {
            if id < 0 { locals += 1 }
            ids.append(id)
            parents.append(entry.comment.parent)
            dates.append(entry.comment.date.timeIntervalSinceReferenceDate)
        }
        localCount = locals
        var positionOf = [Int: Int](minimumCapacity: count)
        for (position, id) in ids.enumerated() { positionOf[id] = position }

        // Oldest first: by date; at the same instant, server comments before replies written
        // here, then by id.
        var oldestFirst = Array(0..<count)
        oldestFirst.sort { a, b in
            if dates[a] != dates[b] { return dates[a] < dates[b] }
            if (ids[a] < 0) != (ids[b] < 0) { return ids[b] < 0 }
            return abs(ids[a]) < abs(ids[b])
        }

        // Parent position of each comment, or -1 for a thread start.
        var parentPosition = [Int](repeating: -1, count: count)
        var childCount = [Int](repeating: 0, count: count + 1)
        for position in 0..<count {
            let parent = parents[position]
            if parent != 0, parent != ids[position], let at = positionOf[parent] {
                parentPosition[position] = at
                childCount[at] += 1
            }
        }
        // Children of p are kids[start[p]..<start[p + 1]], oldest first.
        var start = [Int](repeating: 0, count: count + 1)
        for position in 0..<count { start[position + 1] = start[position] + childCount[position] }
        var fill = start
        var kids = [Int](repeating: 0, count: start[count])
        var roots: [Int] = []
        for position in oldestFirst {
            let parent = parentPosition[position]
            if parent >= 0 {
                kids[fill[parent]] = position
                fill[parent] += 1
            } else {
                roots.append(position)
            }
        }

        var rows: [ThreadRow] = []
        rows.reserveCapacity(count)
        var visited = [Bool](repeating: false, count: count)
        var stack: [(position: Int, depth: Int)] = []
        func walk(from root: Int) {
            stack.append((root, 0))
            while let (position, depth) = stack.popLast() {
                guard !visited[position] else { continue }
                visited[position] = true
                let hasKids = start[position + 1] > start[position]
                let parent = parents[position]
                rows.append(ThreadRow(id: ids[position], depth: depth,
                                      parentMissing: depth == 0 && parent != 0,
                                      hasReplies: hasKids))
                var kid = start[position + 1]
                while kid > start[position] {
                    kid -= 1
                    stack.append((kids[kid], depth + 1))
                }
            }
        }
        for root in roots.reversed() { walk(from: root) }
        // Comments in a parent cycle (bad data) are reachable from no root: list them
        // anyway rather than lose them.
        if rows.count < count {
            let stranded = (0..<count).filter { !visited[$0] }.sorted { ids[$0] < ids[$1] }
            for position in stranded { walk(from: position) }
        }
        var index = [Int: Int](minimumCapacity: count)
        for (position, row) in rows.enumerated() { index[row.id] = position }
        self.rows = rows
        rowIndex = index
        var facts = RowFacts(interning: self.facts)
        facts.reserve(count)
        for row in rows {
            if let entry = entries[row.id] { facts.append(entry, row: row) }
        }
        self.facts = facts
    }

    private static let counter = Atomic<Int>(0)

    private static func nextRevision() -> Int {
        counter.add(1, ordering: .relaxed).newValue
    }
}
