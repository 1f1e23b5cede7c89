/// Puts the comments of a ``CommentTable`` in threaded order (see ``SiteComments``).
///
/// Works on flat arrays of 4-byte slot numbers (one sort by date, children as one
/// compressed adjacency list), each freed as soon as the next step no longer needs it:
/// at a million comments every byte per comment here is a megabyte of peak memory.
enum ThreadBuilder {
    /// Threaded order: each row's comment, and the row of each slot (-1: none).
    struct Order {
        var rows: [ThreadRow]
        var rowSlot: [Int32]
        var slotRow: [Int32]
        /// How many comments are replies written here (negative ids).
        var localCount: Int
    }

    /// Who answers whom: the children of slot `s` are `kids[start[s]..<start[s + 1]]`,
    /// oldest first; `roots` start threads, oldest first.
    private struct Children {
        var start: [Int32]
        var kids: [Int32]
        var roots: [Int32]
    }

    static func order(of table: CommentTable) -> Order {
        let children = children(of: table)
        return walk(table, children)
    }

    /// Live slots oldest first: by date; at the same instant, server comments before
    /// replies written here, then by id.
    private static func oldestFirst(_ table: CommentTable) -> [Int32] {
        var live: [Int32] = []
        live.reserveCapacity(table.count)
        for slot in 0..<table.slotCount where table.isLive(slot) { live.append(Int32(slot)) }
        live.sort { isOlder($0, than: $1, in: table) }
        return live
    }

    private static func children(of table: CommentTable) -> Children {
        let slots = table.slotCount
        let live = oldestFirst(table)
        // Parent slot of each comment, or -1 for a thread start.
        var parentSlot = [Int32](repeating: -1, count: slots)
        var start = [Int32](repeating: 0, count: slots + 1)
        for slot in live {
            let parent = table.parents[Int(slot)]
            if parent != 0, parent != table.ids[Int(slot)], let at = table.slot(of: parent) {
                parentSlot[Int(slot)] = Int32(at)
                start[at + 1] += 1
            }
        }
        for slot in 0..<slots { start[slot + 1] += start[slot] }
        var fill = start
        var kids = [Int32](repeating: 0, count: Int(start[slots]))
        var roots: [Int32] = []
        for slot in live {
            let parent = Int(parentSlot[Int(slot)])
            if parent >= 0 {
                kids[Int(fill[parent])] = slot
                fill[parent] += 1
            } else {
                roots.append(slot)
            }
        }
        return Children(start: start, kids: kids, roots: roots)
    }

    /// Threads newest first, each depth first with its replies oldest first.
    private static func walk(_ table: CommentTable, _ children: Children) -> Order {
        let slots = table.slotCount
        var order = Order(rows: [], rowSlot: [], slotRow: [Int32](repeating: -1, count: slots), localCount: 0)
        order.rows.reserveCapacity(table.count)
        order.rowSlot.reserveCapacity(table.count)
        var stack: [(slot: Int32, depth: Int)] = []
        func walk(from root: Int32) {
            stack.append((root, 0))
            while let (slot, depth) = stack.popLast() {
                let at = Int(slot)
                guard order.slotRow[at] < 0 else { continue }
                order.slotRow[at] = Int32(order.rows.count)
                let parent = table.parents[at]
                let id = table.ids[at]
                if id < 0 { order.localCount += 1 }
                order.rows.append(ThreadRow(id: id, depth: depth, parentMissing: depth == 0 && parent != 0,
                                            hasReplies: children.start[at + 1] > children.start[at]))
                order.rowSlot.append(slot)
                var kid = Int(children.start[at + 1])
                while kid > Int(children.start[at]) {
                    kid -= 1
                    stack.append((children.kids[kid], depth + 1))
                }
            }
        }
        for root in children.roots.reversed() { walk(from: root) }
        // Comments in a parent cycle (bad data) are reachable from no root: list them
        // anyway rather than lose them.
        if order.rows.count < table.count {
            let stranded = (0..<slots).filter { table.isLive($0) && order.slotRow[$0] < 0 }.sorted { table.ids[$0] < table.ids[$1] }
            for slot in stranded { walk(from: Int32(slot)) }
        }
        return order
    }
}

extension ThreadBuilder {
    /// Some whole threads, each as a run of rows in threaded order.
    struct Threads {
        /// The rows of every thread, thread after thread, newest thread first.
        var rows: [ThreadRow] = []
        var rowSlot: [Int32] = []
        /// Where each thread starts in ``rows`` (one more entry: the end).
        var starts: [Int] = []
    }

    /// Threaded order of `slots` alone: the comments of a few whole threads and the new
    /// comments joining them, so a page merges in time proportional to what it touches. A
    /// comment whose parent is not among `slots` starts a thread (the caller includes every
    /// loaded ancestor). Nil when a parent cycle (bad data) hides some of them: the caller
    /// then rebuilds everything, which lists those too.
    static func threads(of slots: [Int32], in table: CommentTable) -> Threads? {
        var sorted = slots
        sorted.sort { isOlder($0, than: $1, in: table) }
        var kids: [Int32: [Int32]] = [:]
        var roots: [Int32] = []
        let members = Set(sorted)
        for slot in sorted {
            let parent = table.parents[Int(slot)]
            if parent != 0, parent != table.ids[Int(slot)], let at = table.slot(of: parent), members.contains(Int32(at)) {
                kids[Int32(at), default: []].append(slot)
            } else {
                roots.append(slot)
            }
        }
        var threads = Threads()
        threads.rows.reserveCapacity(sorted.count)
        for root in roots.reversed() {
            threads.starts.append(threads.rows.count)
            var stack: [(slot: Int32, depth: Int)] = [(root, 0)]
            while let (slot, depth) = stack.popLast() {
                let children = kids[slot] ?? []
                threads.rows.append(ThreadRow(id: table.ids[Int(slot)], depth: depth,
                                              parentMissing: depth == 0 && table.parents[Int(slot)] != 0,
                                              hasReplies: !children.isEmpty))
                threads.rowSlot.append(slot)
                for child in children.reversed() { stack.append((child, depth + 1)) }
            }
        }
        threads.starts.append(threads.rows.count)
        return threads.rows.count == sorted.count ? threads : nil
    }

    /// The order ``order(of:)`` sorts by: by date; at the same instant, server comments
    /// before replies written here, then by id.
    static func isOlder(_ a: Int32, than b: Int32, in table: CommentTable) -> Bool {
        let dateA = table.dates[Int(a)], dateB = table.dates[Int(b)]
        if dateA != dateB { return dateA < dateB }
        let idA = table.ids[Int(a)], idB = table.ids[Int(b)]
        if (idA < 0) != (idB < 0) { return idB < 0 }
        return abs(idA) < abs(idB)
    }
}
