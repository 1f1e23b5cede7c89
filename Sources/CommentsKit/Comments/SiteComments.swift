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
    /// Changes with every mutation; equal revisions mean equal values.
    public private(set) var revision: Int

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
        for comment in comments where !keepLocal(comment.id) {
            if var entry = entries[comment.id] {
                if entry.comment.parent != comment.parent { structureChanged = true }
                entry.update(comment)
                entries[comment.id] = entry
            } else {
                entries[comment.id] = CommentEntry(comment)
                structureChanged = true
            }
        }
        touch(rethread: structureChanged)
    }

    /// Adds one entry (a local reply) or replaces the entry with the same id.
    mutating func insert(_ entry: CommentEntry) {
        let isNew = entries[entry.id] == nil || entries[entry.id]?.comment.parent != entry.comment.parent
        entries[entry.id] = entry
        touch(rethread: isNew)
    }

    /// Changes the entry `id` in place, if present.
    mutating func modify(_ id: Int, _ body: (inout CommentEntry) -> Void) {
        guard var entry = entries[id] else { return }
        let parent = entry.comment.parent
        body(&entry)
        entries[id] = entry
        touch(rethread: entry.comment.parent != parent)
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

    private mutating func touch(rethread: Bool) {
        revision = Self.nextRevision()
        if rethread { rethreadAll() }
    }

    // MARK: Threading

    private mutating func rethreadAll() {
        var children: [Int: [Int]] = [:]
        var roots: [Int] = []
        for (id, entry) in entries {
            let parent = entry.comment.parent
            if parent != 0, parent != id, entries[parent] != nil {
                children[parent, default: []].append(id)
            } else {
                roots.append(id)
            }
        }
        let newestFirst = { (a: Int, b: Int) -> Bool in self.isOlder(b, than: a) }
        let oldestFirst = { (a: Int, b: Int) -> Bool in self.isOlder(a, than: b) }
        roots.sort(by: newestFirst)
        for key in children.keys { children[key]?.sort(by: oldestFirst) }

        var rows: [ThreadRow] = []
        rows.reserveCapacity(entries.count)
        var visited = Set<Int>(minimumCapacity: entries.count)
        var stack: [(id: Int, depth: Int)] = []
        func walk(from root: Int) {
            stack.append((root, 0))
            while let (id, depth) = stack.popLast() {
                guard visited.insert(id).inserted, let entry = entries[id] else { continue }
                let kids = children[id] ?? []
                let parent = entry.comment.parent
                rows.append(ThreadRow(id: id, depth: depth,
                                      parentMissing: depth == 0 && parent != 0,
                                      hasReplies: !kids.isEmpty))
                for kid in kids.reversed() { stack.append((kid, depth + 1)) }
            }
        }
        for root in roots { walk(from: root) }
        // Comments in a parent cycle (bad data) are reachable from no root: list them
        // anyway rather than lose them.
        if visited.count < entries.count {
            for id in entries.keys.sorted() where !visited.contains(id) { walk(from: id) }
        }
        self.rows = rows
        rowIndex = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.id, $0) })
    }

    private func isOlder(_ a: Int, than b: Int) -> Bool {
        guard let lhs = entries[a]?.comment, let rhs = entries[b]?.comment else { return a < b }
        if lhs.date != rhs.date { return lhs.date < rhs.date }
        // Same instant: server comments before replies written here, then by id.
        if (lhs.id < 0) != (rhs.id < 0) { return rhs.id < 0 }
        return abs(lhs.id) < abs(rhs.id)
    }

    private static let counter = Atomic<Int>(0)

    private static func nextRevision() -> Int {
        counter.add(1, ordering: .relaxed).newValue
    }
}
