/// An ordered list of callbacks with O(1) removal by id: what stores keep their
/// listeners in. Removal leaves a hole that a later compaction closes, so notifying
/// walks a plain array in subscription order.
struct SubscriberList<Callback> {
    private var entries: [(id: Int, callback: Callback)?] = []
    private var positions: [Int: Int] = [:]
    private var holes = 0

    var isEmpty: Bool { positions.isEmpty }
    var count: Int { positions.count }

    mutating func append(id: Int, _ callback: Callback) {
        positions[id] = entries.count
        entries.append((id, callback))
    }

    mutating func remove(id: Int) {
        guard let position = positions.removeValue(forKey: id) else { return }
        entries[position] = nil
        holes += 1
        if holes > 32 && holes * 2 > entries.count { compact() }
    }

    /// The callbacks in subscription order. A copy: callbacks may unsubscribe while the
    /// caller walks it.
    var callbacks: [Callback] {
        entries.compactMap { $0?.callback }
    }

    /// Calls `body` for each callback present when the walk started, in order.
    func forEach(_ body: (Callback) -> Void) {
        let snapshot = entries
        for entry in snapshot {
            if let entry { body(entry.callback) }
        }
    }

    private mutating func compact() {
        entries = entries.filter { $0 != nil }
        positions.removeAll(keepingCapacity: true)
        for (position, entry) in entries.enumerated() {
            if let entry { positions[entry.id] = position }
        }
        holes = 0
    }
}
