import Foundation
import Synchronization

/// All loaded comments of one site, in threaded order.
///
/// Threaded order: threads newest first; inside a thread, a reply follows its parent and
/// siblings go oldest first (reading order). A reply whose parent is not loaded starts a
/// thread of its own and is marked (``ThreadRow/parentMissing``).
///
/// The comments themselves are kept column by column (see ``CommentTable``) so a million
/// of them fit in a couple of hundred megabytes; ``subscript(_:)`` hands out one as a
/// ``CommentEntry``.
///
/// Every change goes through a mutating method that takes a new ``revision`` from a
/// process-wide counter, so two values are equal exactly when they have the same revision:
/// comparing 100,000 comments costs one integer comparison.
public struct SiteComments: Equatable, Sendable {
    /// Read by the search (SiteComments+Search.swift).
    private(set) var table: CommentTable
    /// Every comment in threaded order, with its depth.
    public private(set) var rows: [ThreadRow] = []
    /// The table slot of each row, and the row of each slot (-1: none).
    private(set) var rowSlot: [Int32] = []
    private var slotRow: [Int32] = []
    /// How many entries are replies written here and not (yet) on the server.
    public private(set) var localCount = 0
    /// How many entries came from the server.
    public var serverCount: Int { count - localCount }
    /// Changes with every mutation; equal revisions mean equal values.
    public private(set) var revision: Int
    /// What the filters test, per row of ``rows`` (same positions), in flat arrays: a
    /// filter pass reads a few bytes per comment.
    package private(set) var facts = RowFacts()
    /// Replies whose parent is not loaded, by the parent's id: their threads join the
    /// parent's when it arrives.
    private var waitingForParent: [Int: [Int32]] = [:]

    /// An empty set of comments.
    public init() {
        self.init(textCompressionThreshold: TextStore.compressionThreshold)
    }

    /// An empty set whose texts are compressed beyond `textCompressionThreshold` bytes
    /// (tests lower it to see compression at work on a few comments).
    init(textCompressionThreshold: Int) {
        table = CommentTable(textCompressionThreshold: textCompressionThreshold)
        revision = Self.nextRevision()
    }

    /// Whether no comment is loaded.
    public var isEmpty: Bool { table.count == 0 }
    /// How many comments are loaded.
    public var count: Int { table.count }

    /// The entry with `id`.
    public subscript(id: Int) -> CommentEntry? {
        table.slot(of: id).map(table.entry(at:))
    }

    /// Whether comment `id` is loaded, without building its entry (tags count per frame).
    public func contains(_ id: Int) -> Bool {
        table.slot(of: id) != nil
    }

    /// Where comment `id` stands in ``rows``.
    public func position(of id: Int) -> Int? {
        guard let slot = table.slot(of: id), slot < slotRow.count else { return nil }
        let row = slotRow[slot]
        return row < 0 ? nil : Int(row)
    }

    /// Every comment, in threaded order. Builds an entry per comment: for tests and small
    /// sites, not for a frame.
    public var allEntries: [CommentEntry] {
        rowSlot.map { table.entry(at: Int($0)) }
    }

    /// The replies written here and not (yet) on the server.
    public var localEntries: [CommentEntry] {
        guard localCount > 0 else { return [] }
        return (0..<table.slotCount).filter { table.isLive($0) && table.ids[$0] < 0 }.map(table.entry(at:))
    }

    /// Bytes of comment text held in memory, and what they would take uncompressed.
    public var textBytes: (stored: Int, raw: Int) { table.textBytes }

    public static func == (lhs: SiteComments, rhs: SiteComments) -> Bool {
        lhs.revision == rhs.revision
    }

    // MARK: Changes

    /// Adds or replaces comments from the server. `keepLocal` names ids whose local state
    /// is newer than this answer: they are left as they are. With `window`, the part of
    /// the site these comments are a whole page of: what lies there and is not among them
    /// is gone from the site, and is removed (see ``removeMissing(from:in:keepingLocal:)``).
    /// `plainTexts`, when given, are the comments' HTML as text already, in their order.
    /// Returns how many comments were removed that way.
    @discardableResult
    package mutating func merge(
        _ comments: [Comment], plainTexts: [String]? = nil, window: PageWindow? = nil,
        keepingLocal keepLocal: (Int) -> Bool = { _ in false }
    ) -> Int {
        let removed = window.map { removeMissing(from: comments, in: $0, keepingLocal: keepLocal) } ?? 0
        var structureChanged = removed > 0
        var updated: [Int] = []
        var added: [Int32] = []
        let texts = plainTexts?.count == comments.count ? plainTexts : nil
        for (index, comment) in comments.enumerated() where !keepLocal(comment.id) {
            let text = texts?[index]
            if let slot = table.slot(of: comment.id) {
                if change(slot: slot, { $0.update(comment, plainText: text) }) { structureChanged = true }
                updated.append(slot)
            } else {
                added.append(Int32(table.slotCount))
                table.append(CommentEntry(comment, plainText: text))
            }
        }
        // New comments alone (the usual page) join their threads in place; anything that
        // moves existing comments between threads rebuilds the order.
        if !structureChanged, !added.isEmpty, !thread(added: added) { structureChanged = true }
        touch(rethread: structureChanged, refreshing: updated)
        return removed
    }

    /// The part of a site that one page of a list answer covers: the comments of `kind`
    /// on `post` (any post if nil) with one of `statuses`, dated strictly between
    /// `newerThan` and `olderThan` (nil: no bound on that side).
    package struct PageWindow {
        var post: Int?
        var statuses: Set<CommentStatus>
        var kind: CommentKind = .comments
        var newerThan: Date?
        var olderThan: Date?
    }

    /// Removes the server comments inside `window` that `page` does not hold: the site no
    /// longer has them there (deleted, or no longer listed), since a page lists every
    /// comment of its window. Ids that `keepLocal` names are left alone (their write is in
    /// flight). Returns how many were removed; the caller rethreads.
    private mutating func removeMissing(from page: [Comment], in window: PageWindow, keepingLocal keepLocal: (Int) -> Bool) -> Int {
        let listed = Set(page.map(\.id))
        let lower = window.newerThan?.timeIntervalSinceReferenceDate ?? -.infinity
        let upper = window.olderThan?.timeIntervalSinceReferenceDate ?? .infinity
        let statuses = Set(window.statuses.map(RowFacts.statusIndex))
        var gone: [Int] = []
        for slot in 0..<table.slotCount where table.isLive(slot) {
            let id = table.ids[slot], date = table.dates[slot]
            guard id > 0, date > lower, date < upper, !listed.contains(id),
                  statuses.contains(table.statusIndex(at: slot)), window.kind.contains(CommentType(wordPress: table.type(at: slot))),
                  window.post.map({ table.post(at: slot) == $0 }) ?? true, !keepLocal(id) else { continue }
            gone.append(id)
        }
        guard !gone.isEmpty else { return 0 }
        // Replies stay under the id they name: the comment may only have left the query
        // (spammed, say) rather than the site, and the list marks a parent it cannot show.
        for id in gone { if let slot = table.slot(of: id) { table.remove(at: slot) } }
        return gone.count
    }

    /// Adds one entry (a local reply) or replaces the entry with the same id.
    mutating func insert(_ entry: CommentEntry) {
        if let slot = table.slot(of: entry.id) {
            let moved = change(slot: slot) { $0 = entry }
            touch(rethread: moved, refreshing: [slot])
        } else {
            table.append(entry)
            touch(rethread: true)
        }
    }

    /// Changes the entry `id` in place, if present.
    mutating func modify(_ id: Int, _ body: (inout CommentEntry) -> Void) {
        guard let slot = table.slot(of: id) else { return }
        let moved = change(slot: slot, body)
        touch(rethread: moved, refreshing: [slot])
    }

    /// Removes `id`; its replies move up to its parent, as WordPress does on a permanent
    /// delete.
    mutating func remove(_ id: Int) {
        guard let slot = table.slot(of: id) else { return }
        let parent = table.parents[slot]
        table.remove(at: slot)
        for child in 0..<table.slotCount where table.isLive(child) && table.parents[child] == id {
            table.setParent(parent, at: child)
        }
        touch(rethread: true)
    }

    /// Swaps the local reply `localID` for the server's comment, keeping its place.
    mutating func replaceLocal(_ localID: Int, with comment: Comment) {
        if let slot = table.slot(of: localID) { table.remove(at: slot) }
        if let slot = table.slot(of: comment.id) {
            _ = change(slot: slot) { $0.update(comment) }
        } else {
            table.append(CommentEntry(comment))
        }
        touch(rethread: true)
    }

    /// Changes the comment in `slot` through `body`, reading its text once; returns whether
    /// its parent changed (the thread order must be rebuilt).
    private mutating func change(slot: Int, _ body: (inout CommentEntry) -> Void) -> Bool {
        var entry = table.entry(at: slot)
        let parent = entry.parent, text = entry.text
        body(&entry)
        table.replace(at: slot, with: entry, storedText: text)
        return entry.parent != parent
    }

    private mutating func touch(rethread: Bool, refreshing slots: [Int] = []) {
        revision = Self.nextRevision()
        if rethread {
            rethreadAll()
        } else {
            for slot in slots where slot < slotRow.count && slotRow[slot] >= 0 {
                let position = Int(slotRow[slot])
                facts.set(position, table, slot: slot, row: rows[position])
            }
        }
    }

    // MARK: Threading

    /// Puts the comments just appended in `added` slots into ``rows`` without rebuilding
    /// the rest: only the threads they join (and the threads of replies that waited for
    /// one of them, ``waitingForParent``) are ordered again, and go where their first
    /// comment's date puts them. The other rows are copied as they are, in runs, with
    /// their facts. Returns false when it cannot (a parent cycle): the caller rebuilds.
    ///
    /// At 100,000 loaded comments this took a page from 15–25 ms (``rethreadAll()``) to
    /// well under the 2 ms budget: what remains proportional to the site is the copying of
    /// a few flat arrays, not sorting or hashing.
    private mutating func thread(added: [Int32]) -> Bool {
        // A set, not `added.contains`: a cached start merges a whole site at once, and a
        // scan of `added` per thread made that quadratic (90 s for 100k in a debug build).
        let new = Set(added)
        guard let touched = threadsTouched(by: added, new: new) else { return false }
        var slots = added
        for range in touched { slots.append(contentsOf: rowSlot[range]) }
        guard let threads = ThreadBuilder.threads(of: slots, in: table) else { return false }
        var order = Splice(rowCount: rows.count + added.count, facts: RowFacts(interning: facts))
        var copied = 0, skip = touched.makeIterator(), nextSkip = skip.next()
        /// Copies the untouched rows from `copied` up to `end`.
        func copyRows(upTo end: Int) {
            while copied < end {
                if let gone = nextSkip, gone.lowerBound <= copied {
                    copied = max(copied, gone.upperBound)
                    nextSkip = skip.next()
                    continue
                }
                let stop = min(end, nextSkip?.lowerBound ?? end)
                order.copy(rows, rowSlot, facts, copied..<stop)
                copied = max(copied, stop)
            }
        }
        for thread in 0..<(threads.starts.count - 1) {
            let range = threads.starts[thread]..<threads.starts[thread + 1]
            copyRows(upTo: insertionPoint(ofThreadStarting: threads.rowSlot[range.lowerBound]))
            for at in range { order.append(threads.rows[at], slot: threads.rowSlot[at], table) }
        }
        copyRows(upTo: rows.count)
        for slot in added {
            if table.ids[Int(slot)] < 0 { localCount += 1 }
            waitingForParent[table.ids[Int(slot)]] = nil
        }
        rows = order.rows
        rowSlot = order.rowSlot
        facts = order.facts
        slotRow = Self.slotRows(of: rowSlot, slotCount: table.slotCount)
        for at in 0..<(threads.starts.count - 1) {
            let root = threads.rowSlot[threads.starts[at]]
            if threads.rows[threads.starts[at]].parentMissing, new.contains(root) {
                waitingForParent[table.parents[Int(root)], default: []].append(root)
            }
        }
        return true
    }

    /// The row ranges of the threads that comments in `added` join: the thread of each
    /// one's oldest loaded ancestor, and the threads of replies that waited for one of
    /// them (`new`: the same slots as a set). Sorted, without overlap. Nil on a parent cycle.
    private func threadsTouched(by added: [Int32], new: Set<Int32>) -> [Range<Int>]? {
        var starts = Set<Int>()
        for slot in added {
            var top = Int(slot), steps = 0
            while case let parent = table.parents[top], parent != 0, parent != table.ids[top], let up = table.slot(of: parent) {
                top = up
                steps += 1
                if steps > table.count { return nil }
            }
            if !new.contains(Int32(top)) {
                guard top < slotRow.count, slotRow[top] >= 0 else { return nil }
                starts.insert(Int(slotRow[top]))
            }
            for orphan in waitingForParent[table.ids[Int(slot)]] ?? [] where Int(orphan) < slotRow.count && slotRow[Int(orphan)] >= 0 {
                starts.insert(Int(slotRow[Int(orphan)]))
            }
        }
        return starts.sorted().map { start in
            var end = start + 1
            while end < rows.count, rows[end].depth > 0 { end += 1 }
            return start..<end
        }
    }

    /// Where a thread whose first comment is in `root` goes in ``rows`` (threads newest
    /// first): the start of the first thread not newer than it, by binary search.
    private func insertionPoint(ofThreadStarting root: Int32) -> Int {
        var low = 0, high = rows.count
        while low < high {
            let middle = (low + high) / 2
            var start = middle
            while start > 0, rows[start].depth > 0 { start -= 1 }
            if ThreadBuilder.isOlder(root, than: rowSlot[start], in: table) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// This set with its order rebuilt from scratch: what the incremental merge must
    /// equal (tests check it does).
    func rebuiltFromScratch() -> SiteComments {
        var copy = self
        copy.rethreadAll()
        return copy
    }

    private static func slotRows(of rowSlot: [Int32], slotCount: Int) -> [Int32] {
        var slotRow = [Int32](repeating: -1, count: slotCount)
        for (position, slot) in rowSlot.enumerated() { slotRow[Int(slot)] = Int32(position) }
        return slotRow
    }

    /// Rebuilds ``rows``, the row ↔ slot maps and the row facts from the table.
    private mutating func rethreadAll() {
        // In steps whose temporaries are gone before the next starts: at a million
        // comments each array here is megabytes of peak memory.
        let order = ThreadBuilder.order(of: table)
        localCount = order.localCount
        rows = order.rows
        rowSlot = order.rowSlot
        slotRow = order.slotRow
        var facts = RowFacts(interning: self.facts)
        facts.reserve(rows.count)
        var waiting: [Int: [Int32]] = [:]
        for (position, row) in rows.enumerated() {
            let slot = Int(rowSlot[position])
            facts.append(table, slot: slot, row: row)
            if row.parentMissing { waiting[table.parents[slot], default: []].append(Int32(slot)) }
        }
        self.facts = facts
        waitingForParent = waiting
    }

    private static let counter = Atomic<Int>(0)

    private static func nextRevision() -> Int {
        counter.add(1, ordering: .relaxed).newValue
    }
}

/// The rows of a ``SiteComments`` being put together from runs of the old ones and newly
/// ordered threads.
private struct Splice {
    var rows: [ThreadRow] = []
    var rowSlot: [Int32] = []
    var facts: RowFacts

    init(rowCount: Int, facts: RowFacts) {
        rows.reserveCapacity(rowCount)
        rowSlot.reserveCapacity(rowCount)
        self.facts = facts
        self.facts.reserve(rowCount)
    }

    /// Copies `range` of the old rows, their slots and facts, unchanged.
    mutating func copy(_ oldRows: [ThreadRow], _ oldSlots: [Int32], _ oldFacts: RowFacts, _ range: Range<Int>) {
        guard !range.isEmpty else { return }
        rows.append(contentsOf: oldRows[range])
        rowSlot.append(contentsOf: oldSlots[range])
        facts.append(contentsOf: oldFacts, range)
    }

    mutating func append(_ row: ThreadRow, slot: Int32, _ table: CommentTable) {
        rows.append(row)
        rowSlot.append(slot)
        facts.append(table, slot: Int(slot), row: row)
    }
}
