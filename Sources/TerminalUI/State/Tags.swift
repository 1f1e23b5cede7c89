import CommentsKit

/// The comments the user tagged for a bulk action, by id per site. Tags are ids, not rows:
/// they survive filter changes and reloads while their comments exist (a comment that
/// leaves the site is not counted, and a bulk action skips it).
///
/// Equal when they went through the same changes (a revision counts them), as
/// ``SiteComments`` is: comparing two sets of 100k ids on every state change cost more
/// than `X` itself.
package struct Tags: Equatable, Sendable {
    private var bySite: [SiteID: TagBits] = [:]
    private var revision = 0

    /// No tags.
    package init() {}

    package static func == (lhs: Tags, rhs: Tags) -> Bool {
        lhs.revision == rhs.revision
    }

    /// The tagged ids of `site`.
    package func ids(on site: SiteID) -> Set<Int> {
        bySite[site]?.ids ?? []
    }

    /// Whether comment `id` of `site` is tagged.
    package func contains(_ id: Int, on site: SiteID) -> Bool {
        bySite[site]?.contains(id) ?? false
    }

    /// Whether every one of `ids` is tagged on `site`.
    package func containsAll(_ ids: [Int], on site: SiteID) -> Bool {
        guard let bits = bySite[site], bits.count >= ids.count else { return ids.isEmpty }
        return ids.allSatisfy(bits.contains)
    }

    /// How many tagged comments of `site` are among `comments` (those still there).
    package func count(on site: SiteID, in comments: SiteComments) -> Int {
        guard let bits = bySite[site] else { return 0 }
        var count = 0
        bits.forEach { if comments.contains($0) { count += 1 } }
        return count
    }

    /// Tags `id` if it is not, untags it if it is.
    package mutating func toggle(_ id: Int, on site: SiteID) {
        revision += 1
        if !bySite[site, default: TagBits()].remove(id) { bySite[site, default: TagBits()].insert(id) }
    }

    /// Tags every one of `ids`.
    package mutating func insert(_ ids: [Int], on site: SiteID) {
        revision += 1
        bySite[site, default: TagBits()].insert(contentsOf: ids)
    }

    /// Untags every one of `ids`.
    package mutating func remove(_ ids: [Int], on site: SiteID) {
        guard bySite[site] != nil else { return }
        revision += 1
        bySite[site]?.remove(contentsOf: ids)
    }

    /// Untags every comment of `site`.
    package mutating func clear(on site: SiteID) {
        revision += 1
        bySite[site] = nil
    }
}

/// A set of comment ids kept as one bit per id: `X` at 100k sets 100k bits instead of
/// hashing 100k ids into a `Set`, and the copy every state change makes (the store keeps the
/// state from before the action) is 12 kB for ids up to 100k, not a megabyte of buckets.
/// Measured with `parley-bench --only bulk` (`tag.all_100k`): see the README's Performance
/// table. Ids past ``bitLimit`` (or below 0) go to a plain set, so an odd id cannot make
/// the bits huge.
struct TagBits: Sendable {
    /// Ids from 0 up to this (exclusive) are bits: 2^24, at most 2 MB of words.
    static let bitLimit = 1 << 24

    private var words: [UInt64] = []
    private var others: Set<Int> = []
    /// How many ids are in.
    private(set) var count = 0

    func contains(_ id: Int) -> Bool {
        guard id >= 0, id < Self.bitLimit else { return others.contains(id) }
        let word = id >> 6
        return word < words.count && words[word] & (1 << UInt64(id & 63)) != 0
    }

    /// Adds `id`; whether it was not in.
    @discardableResult
    mutating func insert(_ id: Int) -> Bool {
        guard id >= 0, id < Self.bitLimit else {
            let inserted = others.insert(id).inserted
            if inserted { count += 1 }
            return inserted
        }
        let word = id >> 6, bit: UInt64 = 1 << UInt64(id & 63)
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word + 1 - words.count)) }
        guard words[word] & bit == 0 else { return false }
        words[word] |= bit
        count += 1
        return true
    }

    /// Removes `id`; whether it was in.
    @discardableResult
    mutating func remove(_ id: Int) -> Bool {
        guard id >= 0, id < Self.bitLimit else {
            let removed = others.remove(id) != nil
            if removed { count -= 1 }
            return removed
        }
        let word = id >> 6, bit: UInt64 = 1 << UInt64(id & 63)
        guard word < words.count, words[word] & bit != 0 else { return false }
        words[word] &= ~bit
        count -= 1
        return true
    }

    mutating func insert(contentsOf ids: [Int]) {
        // One growth for the largest id, not one per new word.
        if let largest = ids.lazy.filter({ $0 < Self.bitLimit }).max(), largest >> 6 >= words.count {
            words.append(contentsOf: repeatElement(0, count: (largest >> 6) + 1 - words.count))
        }
        for id in ids { insert(id) }
    }

    mutating func remove(contentsOf ids: [Int]) {
        for id in ids { remove(id) }
    }

    /// Calls `body` with each id, the bits' in increasing order, then the others.
    func forEach(_ body: (Int) -> Void) {
        for (index, word) in words.enumerated() where word != 0 {
            var rest = word
            while rest != 0 {
                body(index << 6 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
        others.forEach(body)
    }

    /// The ids as a set.
    var ids: Set<Int> {
        var set = Set<Int>(minimumCapacity: count)
        forEach { set.insert($0) }
        return set
    }
}
