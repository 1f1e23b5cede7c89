extension SiteComments {
    /// Per row of ``rows``: whether the comment matches `pattern` (``CommentSearch``: its
    /// text, author name or URL, e-mail or IP when known). With `candidates` (one flag per
    /// row), only those rows are tested; the others are false.
    ///
    /// Authors and facts are interned, so each distinct one is tested once, not once per
    /// comment. Texts come from `folded` where it holds them, else are folded as they are
    /// scanned, in the order they are stored (each block of compressed text is then
    /// decompressed once per scan).
    func rows(matching pattern: CommentSearch.Pattern, among candidates: [Bool]? = nil, folded: FoldedTexts? = nil) -> [Bool] {
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
