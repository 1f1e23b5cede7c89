/// The texts of one site's comments folded for the search (``CommentSearch/fold(utf8:into:)``)
/// once, into one buffer, each followed by a 0 byte: a keystroke then costs a `memchr`
/// scan of that buffer instead of decoding and folding every text again (at 100,000
/// comments, 5 ms instead of 50–200).
///
/// Kept up to date from the site's table as it changes: the slots appended since are
/// folded on the next search (a page's worth while loading), a slot whose text changed
/// (an edit) is searched the slow way until enough of them make a refold worthwhile.
///
/// Only for sites whose texts are not compressed (under ``TextStore/compressionThreshold``):
/// at a million comments an uncompressed second copy of every text would cost more memory
/// than the whole site; there the texts are folded as they are scanned.
package struct FoldedTexts {
    /// The table the slots were folded from.
    private var lineage: Int?
    private var bytes: [UInt8] = []
    /// Where the folded text of each slot starts; one more entry than slots, the end.
    private var starts: [Int] = [0]
    /// The id and text location of each slot when it was folded.
    private var ids: [Int] = []
    private var locations: [TextLocation] = []
    /// Slots (below ``indexedCount``) whose text has changed since it was folded.
    private(set) var stale: Set<Int> = []
    /// The site revision it was last brought up to.
    private var revision: Int?
    /// Each interned author's name and URL, and each interned e-mail and IP, folded: a
    /// moderator's site of 100,000 comments interns tens of thousands of addresses, too
    /// many to fold again at each keystroke. Interned values never change, so these only
    /// grow.
    private(set) var authors = FoldedStrings()
    private(set) var facts = FoldedStrings()

    /// Nothing folded yet.
    package init() {}

    /// How many slots are folded (stale or not).
    var indexedCount: Int { ids.count }
    /// Bytes it holds (for tests and the benchmark's memory note).
    var byteCount: Int { bytes.count }

    /// Whether slot `slot`'s folded text is here and current.
    func covers(_ slot: Int) -> Bool {
        slot < ids.count && (stale.isEmpty || !stale.contains(slot))
    }

    /// Brings the folded texts up to `site`: folds the slots appended since (at most
    /// `limit` of them), notes the slots whose text changed; refolds all when the table is
    /// another one or too many changed. Empties itself for a site too large to keep a
    /// second copy of.
    ///
    /// Whatever the limit, it is consistent with `site` afterwards (``covers(_:)`` is true
    /// only of slots whose folded text is current); the slots left unfolded are searched
    /// the slow way until a later update folds them.
    /// - Returns: whether every slot is folded (false: call again to fold the rest).
    @discardableResult
    package mutating func update(from site: SiteComments, foldingAtMost limit: Int = .max) -> Bool {
        guard site.revision != revision else { return true }
        let table = site.table
        guard table.textBytes.raw <= TextStore.compressionThreshold else {
            self = FoldedTexts()
            revision = site.revision
            return true
        }
        if lineage != table.lineage || ids.count > table.slotCount || authors.count > table.authorKeyCount
            || facts.count > table.factsKeyCount { reset(lineage: table.lineage) }
        // `stale.isEmpty` first: hashing each slot would cost more than the comparison.
        for slot in 0..<ids.count where table.isLive(slot) && (stale.isEmpty || !stale.contains(slot)) {
            if table.ids[slot] != ids[slot] || table.textLocation(at: slot) != locations[slot] { stale.insert(slot) }
        }
        if stale.count > 64, stale.count > ids.count / 16 { reset(lineage: table.lineage) }
        for key in authors.count..<table.authorKeyCount {
            authors.append([table.authorName(ofKey: Int32(key)), table.authorURL(ofKey: Int32(key))])
        }
        for key in facts.count..<table.factsKeyCount {
            let known = table.facts(ofKey: Int32(key))
            facts.append([known.email, known.ip])
        }
        let end = table.slotCount - ids.count > limit ? ids.count + limit : table.slotCount
        // The revision is only recorded once every slot is folded, so the next update
        // goes on where this one stopped.
        if end == table.slotCount { revision = site.revision }
        guard ids.count < end else { return true }
        var reader = table.textReader()
        for slot in ids.count..<end {
            let location = table.textLocation(at: slot)
            if table.isLive(slot) {
                reader.withBytes(at: location) { text in
                    text.withUnsafeBufferPointer { CommentSearch.fold(utf8: $0, into: &bytes) }
                }
            }
            bytes.append(0)
            starts.append(bytes.count)
            ids.append(table.ids[slot])
            locations.append(location)
        }
        return end == table.slotCount
    }

    /// How many of `site`'s slots an ``update(from:foldingAtMost:)`` would have to fold
    /// (all of them for another table; none for a site too large to fold).
    func unfoldedCount(in site: SiteComments) -> Int {
        let table = site.table
        guard table.textBytes.raw <= TextStore.compressionThreshold else { return 0 }
        guard lineage == table.lineage, ids.count <= table.slotCount else { return table.slotCount }
        return table.slotCount - ids.count
    }

    private mutating func reset(lineage: Int) {
        self = FoldedTexts()
        self.lineage = lineage
    }

    /// Marks in `marks` (one flag per slot) every folded slot whose text contains the
    /// pattern, stale and removed slots included (the caller decides about those).
    func mark(_ pattern: CommentSearch.Pattern, into marks: inout [Bool]) {
        bytes.withUnsafeBufferPointer { haystack in
            pattern.folded.withUnsafeBufferPointer { needle in
                var from = 0, slot = 0
                while let hit = CommentSearch.find(needle, in: haystack, from: from) {
                    // The needle holds no 0 byte, so a hit lies inside one text; hits come
                    // in order, so the text is found by walking on from the last one.
                    while starts[slot + 1] <= hit { slot += 1 }
                    if slot < marks.count { marks[slot] = true }
                    from = starts[slot + 1]
                }
            }
        }
    }

    /// Sets to false in `marks` each slot of `candidates` (those true in it) that it
    /// ``covers(_:)`` and whose folded text lacks the pattern; leaves the other flags.
    func narrow(_ marks: inout [Bool], to pattern: CommentSearch.Pattern, candidates: [Bool]) {
        bytes.withUnsafeBufferPointer { all in
            pattern.folded.withUnsafeBufferPointer { needle in
                for slot in 0..<min(candidates.count, ids.count, marks.count) where candidates[slot] && covers(slot) {
                    let text = UnsafeBufferPointer(rebasing: all[starts[slot]..<(starts[slot + 1] - 1)])
                    marks[slot] = CommentSearch.find(needle, in: text) != nil
                }
            }
        }
    }

}

/// Short strings folded once for the search, a few per key (an interned author's name and
/// URL, say), each followed by a 0 byte: which keys match is one scan.
struct FoldedStrings {
    private var bytes: [UInt8] = []
    /// Where each key's strings start; one more entry than keys, the end.
    private var starts: [Int] = [0]

    /// How many keys it holds.
    var count: Int { starts.count - 1 }

    /// Adds the next key, with its strings.
    mutating func append(_ strings: [String]) {
        for string in strings {
            var string = string
            string.withUTF8 { CommentSearch.fold(utf8: $0, into: &bytes) }
            bytes.append(0)
        }
        starts.append(bytes.count)
    }

    /// Per key: whether one of its strings contains the pattern.
    func matches(_ pattern: CommentSearch.Pattern) -> [Bool] {
        var marks = [Bool](repeating: false, count: count)
        bytes.withUnsafeBufferPointer { haystack in
            var from = 0, key = 0
            while let hit = CommentSearch.find(pattern.folded, in: haystack, from: from) {
                while starts[key + 1] <= hit { key += 1 }
                marks[key] = true
                from = starts[key + 1]
            }
        }
        return marks
    }
}
