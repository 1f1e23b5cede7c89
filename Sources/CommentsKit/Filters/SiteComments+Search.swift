extension SiteComments {
    /// Per row of ``rows``: whether the comment matches `pattern` (``CommentSearch``: its
    /// text, author name or URL, e-mail or IP when known). With `candidates` (one flag per
    /// row), only those rows are tested; the others are false.
    ///
    /// Authors and facts are interned, so each distinct one is tested once, not once per
    /// comment. Texts come from `folded` where it holds them, else are folded as they are
    /// scanned, in the order they are stored (each block of compressed text is then
    /// decompressed once per scan).
    package func rows(matching pattern: CommentSearch.Pattern, among candidates: [Bool]? = nil, folded: FoldedTexts? = nil) -> [Bool] {
        let table = self.table
        var wanted: [Bool]?
        if let candidates, candidates.count == rows.count {
            var slots = [Bool](repeating: false, count: table.slotCount)
            for (position, isCandidate) in candidates.enumerated() where isCandidate { slots[Int(rowSlot[position])] = true }
            wanted = slots
        }
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1024)
        var authorMatches = folded?.authors.matches(pattern) ?? []
        for key in authorMatches.count..<table.authorKeyCount {
            authorMatches.append(pattern.contains(table.authorName(ofKey: Int32(key)), buffer: &buffer)
                || pattern.contains(table.authorURL(ofKey: Int32(key)), buffer: &buffer))
        }
        var factsMatches = folded?.facts.matches(pattern) ?? []
        for key in factsMatches.count..<table.factsKeyCount {
            let facts = table.facts(ofKey: Int32(key))
            factsMatches.append(pattern.contains(facts.email, buffer: &buffer) || pattern.contains(facts.ip, buffer: &buffer))
        }
        var slotMatches = [Bool](repeating: false, count: table.slotCount)
        // A full scan runs through the folded texts in one go; a narrowing one tests only
        // its candidates.
        if let folded {
            if let wanted { folded.narrow(&slotMatches, to: pattern, candidates: wanted) } else { folded.mark(pattern, into: &slotMatches) }
        }
        var reader = table.textReader()
        for slot in 0..<table.slotCount {
            guard table.isLive(slot), wanted?[slot] ?? true else {
                slotMatches[slot] = false
                continue
            }
            let factsKey = table.factsKey(at: slot)
            if authorMatches[Int(table.authorKey(at: slot))] || (factsKey >= 0 && factsMatches[Int(factsKey)]) {
                slotMatches[slot] = true
            } else if let folded, folded.covers(slot) {
                // Answered above, from the folded texts.
            } else {
                slotMatches[slot] = reader.withBytes(at: table.textLocation(at: slot)) { pattern.contains(utf8: $0, buffer: &buffer) }
            }
        }
        return rowSlot.map { slotMatches[Int($0)] }
    }
}

// MARK: The background search (issue 14)

extension SiteComments {
    /// The background search's scan (``SearchJob``): the rows in list order, in three
    /// windows — `firstWindow` rows, sixteen times as many, then the rest — delivering each
    /// window's matching slots in list order: every batch extends a prefix of the list, so
    /// the list shows its first screenful of matches after the first window. Inside a
    /// window the slots are tested in storage order, so each block of compressed text is
    /// decompressed once per window, not once per row; a block holds texts from all over
    /// the list, so more windows cost more decompressions (windows growing fourfold, seven
    /// at a million rows, made the whole scan 1.4–1.6 times as long). With `candidates`,
    /// only those slots are tested.
    ///
    /// Stops, delivering nothing more, when its task is cancelled (checked every 4,096
    /// slots: a millisecond or two of scan).
    ///
    /// With `index` (a site kept in a cache that can search), the rows after the first
    /// window are not scanned: the cache's index answers for them (``indexedRest``), asked
    /// while the first window is scanned; when it cannot, the scan goes on as without it.
    func scan(
        matching pattern: CommentSearch.Pattern, among candidates: [Int32]?, firstWindow: Int, index: SearchIndexQuery? = nil,
        deliver: (_ slots: [Int32], _ isComplete: Bool) async -> Void
    ) async {
        let table = self.table
        // The index is asked at once, so that its query runs while the first window is
        // scanned (the machine has more than one core); a task cancelled stops both.
        async let indexed: [Int]?? = index?.ids()
        var tester = SlotTester(table: table, pattern: pattern)
        var wanted: [Bool]?
        if let candidates {
            var slots = [Bool](repeating: false, count: table.slotCount)
            for slot in candidates where Int(slot) < slots.count { slots[Int(slot)] = true }
            wanted = slots
        }
        var matched = [Bool](repeating: false, count: table.slotCount)
        var order: [Int32] = []
        var start = 0, window = max(1, firstWindow), pass = 0
        repeat {
            let end = min(rowSlot.count, start + window)
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: rowSlot[start..<end])
            order.sort()
            for (index, slot32) in order.enumerated() {
                if index & 4095 == 4095, Task.isCancelled { return }
                let slot = Int(slot32)
                guard table.isLive(slot), wanted?[slot] ?? true else { continue }
                matched[slot] = tester.matches(slot: slot)
            }
            guard !Task.isCancelled else { return }
            var found: [Int32] = []
            for slot in rowSlot[start..<end] where matched[Int(slot)] { found.append(slot) }
            start = end
            pass += 1
            window = pass == 1 ? window * 16 : rowSlot.count
            if !found.isEmpty || start == rowSlot.count { await deliver(found, start == rowSlot.count) }
            if pass == 1, start < rowSlot.count, index != nil, let ids = await indexed ?? nil {
                guard !Task.isCancelled else { return }
                await deliver(indexedRest(from: start, ids: ids, among: wanted, tester: &tester), true)
                return
            }
            guard !Task.isCancelled else { return }
        } while start < rowSlot.count
    }

    /// Per row of ``rows``: whether its slot is among `slots` (a background search's
    /// finds in table `lineage`; none of them for another table).
    func rows(amongSlots slots: [Int32], lineage: Int) -> [Bool] {
        guard lineage == table.lineage else { return [Bool](repeating: false, count: rows.count) }
        var marks = [Bool](repeating: false, count: table.slotCount)
        for slot in slots where Int(slot) < marks.count { marks[Int(slot)] = true }
        return rowSlot.map { marks[Int($0)] }
    }
}

/// Whether the comment in a slot matches a pattern (``CommentSearch``), for the background
/// search's scans: each interned author and facts is tested once, when a slot first needs
/// it (a site of a million comments has tens of thousands of them, and folding them all up
/// front would hold back the first window's batch), texts read through one reader.
struct SlotTester {
    let table: CommentTable
    let pattern: CommentSearch.Pattern
    private var buffer: [UInt8] = []
    /// Per interned author and facts: 0 not tested yet, 1 no, 2 yes.
    private var authorAnswers: [UInt8]
    private var factsAnswers: [UInt8]
    private var reader: TextStore.Reader

    init(table: CommentTable, pattern: CommentSearch.Pattern) {
        self.table = table
        self.pattern = pattern
        buffer.reserveCapacity(1024)
        authorAnswers = [UInt8](repeating: 0, count: table.authorKeyCount)
        factsAnswers = [UInt8](repeating: 0, count: table.factsKeyCount)
        reader = table.textReader()
    }

    /// Whether the comment in live `slot` matches.
    mutating func matches(slot: Int) -> Bool {
        if authorMatches(table.authorKey(at: slot)) || factsMatch(table.factsKey(at: slot)) { return true }
        // The buffer taken out for the call (the closure cannot borrow a property of
        // self while `reader`, another, is being mutated), and put back: no copy.
        let pattern = self.pattern
        var buffer = self.buffer
        self.buffer = []
        defer { self.buffer = buffer }
        return reader.withBytes(at: table.textLocation(at: slot)) { pattern.contains(utf8: $0, buffer: &buffer) }
    }

    private mutating func authorMatches(_ key: Int32) -> Bool {
        if authorAnswers[Int(key)] == 0 {
            let found = pattern.contains(table.authorName(ofKey: key), buffer: &buffer)
                || pattern.contains(table.authorURL(ofKey: key), buffer: &buffer)
            authorAnswers[Int(key)] = found ? 2 : 1
        }
        return authorAnswers[Int(key)] == 2
    }

    private mutating func factsMatch(_ key: Int32) -> Bool {
        guard key >= 0 else { return false }
        if factsAnswers[Int(key)] == 0 {
            let facts = table.facts(ofKey: key)
            let found = pattern.contains(facts.email, buffer: &buffer) || pattern.contains(facts.ip, buffer: &buffer)
            factsAnswers[Int(key)] = found ? 2 : 1
        }
        return factsAnswers[Int(key)] == 2
    }
}
