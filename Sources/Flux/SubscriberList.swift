/// An ordered list of callbacks with O(1) removal by id: what stores keep their
/// subscribers in.
///
/// A class, so that a callback may subscribe or unsubscribe (through its store) while
/// ``forEach(_:)`` walks the list. The walk reads each slot when it gets there, so a
/// callback removed by an earlier one in the same walk is not called; callbacks added
/// during a walk wait for the next one. Removal leaves a hole that a later compaction
/// closes, never during a walk.
final class SubscriberList<Callback> {
    // Unchecked exclusivity: every access is instantaneous (``forEach(_:)`` reads one slot
    // at a time, never holds the array while a callback runs), so none can overlap; the
    // runtime's checks were a tenth of a dispatch.
    @exclusivity(unchecked) private var entries: [(id: Int, callback: Callback)?] = []
    @exclusivity(unchecked) private var positions: [Int: Int] = [:]
    @exclusivity(unchecked) private var holes = 0
    @exclusivity(unchecked) private var walks = 0

    var isEmpty: Bool { positions.isEmpty }
    var count: Int { positions.count }

    func append(id: Int, _ callback: Callback) {
        positions[id] = entries.count
        entries.append((id, callback))
    }

    func remove(id: Int) {
        guard let position = positions.removeValue(forKey: id) else { return }
        entries[position] = nil
        holes += 1
        compactIfWorthIt()
    }

    /// Calls `body` for each callback subscribed when the walk started and still
    /// subscribed when its turn comes, in subscription order.
    func forEach(_ body: (Callback) -> Void) {
        let end = entries.count
        guard end > 0 else { return }
        walks += 1
        defer {
            walks -= 1
            compactIfWorthIt()
        }
        var index = 0
        while index < end {
            // Read the slot now, not from a copy taken at the start: it may have been
            // emptied by an earlier callback of this walk.
            if let entry = entries[index] { body(entry.callback) }
            index += 1
        }
    }

    private func compactIfWorthIt() {
        guard walks == 0, holes > 32, holes * 2 > entries.count else { return }
        entries.removeAll { $0 == nil }
        positions.removeAll(keepingCapacity: true)
        for (position, entry) in entries.enumerated() {
            if let entry { positions[entry.id] = position }
        }
        holes = 0
    }
}
