/// The comments of a site whose text is close to one comment's (issue 30): a spam flood's
/// copies, which vary a few words, names or links, so that a flood is one key and `s`.
///
/// Two texts are close when their ``NearDuplicateText`` shingles overlap by a Jaccard
/// similarity of ``threshold`` or more — unless one of them has fewer than
/// ``minimumWords`` words: short texts share too much by chance ("Thanks!" and "Thanks a
/// lot!", "I love this song" and "I love this song so much"), so they are close only when
/// their normalised texts are equal.
///
/// Why 0.45 on character 4-grams, with six words: on the labelled comments of
/// `../shared/spam-corpus/` (1,138 comments, every pair compared: `make bench`'s
/// `nearDuplicates.mixed_pairs_<file>`) it puts no spam comment close to a real one in any
/// of the three files, finds 327–6,284 pairs within their spam floods, and 7–19 pairs among
/// the real ones — the same meme written twice ("came here to check the views"). A flood that swaps a word, a name and its domain ("Great post!
/// Visit cheap-pills.example for deals", "Great article!! Visit cheap-pillz.example for
/// great deals": 0.47) is close; two ordinary comments on one theme ("This is exactly what I
/// needed to read today", "This is not what I expected to read today": 0.43) are not. At 0.5
/// the first pair was lost; at 0.4 spam and real comments began to meet.
///
/// The scan reads every text of the site once, and is meant to run off the main actor (the
/// tagging key runs it as an effect: at 100,000 comments it takes about 0.6 s, see the
/// README); each comment costs its normalisation and at most about twice the target's
/// shingles: a text that has missed more of them than a close one could is left there, and
/// one too short to share enough of them is not even normalised.
package struct NearDuplicates: Sendable {
    /// The least Jaccard similarity of two close texts' shingles.
    package static let threshold = 0.45
    /// Texts with fewer words than this are close only to their exact (normalised) copies.
    package static let minimumWords = 6

    /// The text the others are compared with.
    package let target: NearDuplicateText

    /// A finder of the texts close to `text` (plain text, as ``CommentEntry/text``).
    package init(closeTo text: String) {
        target = NearDuplicateText(text)
    }

    /// Whether the target has something to compare: a text of no word (emoji only, say,
    /// or nothing at all) is close to nothing.
    package var hasWords: Bool { target.wordCount > 0 }

    /// Whether `text` is close to the target.
    package func isClose(_ text: String) -> Bool {
        let other = NearDuplicateText(text)
        return Self.areClose(target, other)
    }

    /// Whether two normalised texts are close (the rule above).
    package static func areClose(_ one: NearDuplicateText, _ other: NearDuplicateText) -> Bool {
        guard one.wordCount > 0, other.wordCount > 0 else { return false }
        guard one.wordCount >= minimumWords, other.wordCount >= minimumWords else { return one.normalized == other.normalized }
        return one.similarity(to: other) >= threshold
    }

    /// The ids of the comments of `site` close to the target, in the table's order: every
    /// comment loaded, whatever its status (the tagging key decides which are shown), but
    /// not the replies written here and not yet on the site. Returns early, with what it
    /// found so far, once its task is cancelled.
    package func ids(in site: SiteComments) -> [Int] {
        guard hasWords else { return [] }
        let table = site.table
        var scan = Scan(target: target)
        var reader = table.textReader()
        var found: [Int] = []
        for slot in 0..<table.slotCount where table.isLive(slot) && table.ids[slot] > 0 {
            if slot & 1023 == 0, Task.isCancelled { break }
            if reader.withBytes(at: table.textLocation(at: slot), { scan.isClose($0) }) { found.append(table.ids[slot]) }
        }
        return found
    }
}

/// One scan's buffers and the target's shingles as a hash set, reused from one comment to
/// the next.
private struct Scan {
    let target: NearDuplicateText
    private let targetSet: ShingleSet
    /// The most distinct shingles a close text can have that the target lacks: with `m`
    /// of them, the similarity is at most |target| / (|target| + m).
    private let allowedMisses: Int
    private var normalized: [UInt8] = []
    private var normalizer = NearDuplicateText.Normalizer()
    private var seen = ShingleSet(capacity: 256)

    init(target: NearDuplicateText) {
        self.target = target
        var set = ShingleSet(capacity: target.shingles.count)
        for shingle in target.shingles { set.insert(shingle) }
        targetSet = set
        let count = Double(target.shingles.count)
        allowedMisses = Int((count * (1 - NearDuplicates.threshold) / NearDuplicates.threshold).rounded(.down))
    }

    /// Whether the text `utf8` is close to the target.
    mutating func isClose(_ utf8: ArraySlice<UInt8>) -> Bool {
        // Normalising never makes a text longer than 1.5 times its bytes (lowering "İ" takes
        // 2 bytes to 3; nothing takes more), and a text has at most (its length - 1)
        // shingles: a text too short to share enough of a long target's is left unread.
        if target.wordCount >= NearDuplicates.minimumWords,
           Double(utf8.count) * 1.5 - 1 < NearDuplicates.threshold * Double(target.shingles.count) { return false }
        let words = normalizer.normalize(utf8: utf8, into: &normalized)
        guard words > 0 else { return false }
        guard target.wordCount >= NearDuplicates.minimumWords, words >= NearDuplicates.minimumWords else {
            return normalized == target.normalized
        }
        // A text has at most (its length - 1) shingles (those of ` text `): too short a
        // text cannot share enough of the target's.
        let targetCount = target.shingles.count
        guard Double(normalized.count - 1) >= NearDuplicates.threshold * Double(targetCount) else { return false }
        seen.removeAll(keepingCapacity: normalized.count + 2)
        var shared = 0, missed = 0
        var hopeless = false
        NearDuplicateText.forEachShingle(of: normalized) { shingle in
            guard !hopeless, seen.insert(shingle) else { return }
            if targetSet.contains(shingle) {
                shared += 1
            } else {
                missed += 1
                if missed > allowedMisses { hopeless = true }
            }
        }
        guard !hopeless else { return false }
        return Double(shared) >= NearDuplicates.threshold * Double(targetCount + missed)
    }
}

/// A set of shingles by open addressing: a comment's few hundred shingles are inserted and
/// looked up without hashing through `Set`'s machinery, and emptying it between comments
/// is a new generation, not a clearing of its slots.
private struct ShingleSet {
    private var keys: [UInt32]
    private var generations: [UInt32]
    private var generation: UInt32 = 1
    private var shift: UInt32

    /// A set for up to `capacity` shingles (kept under half full).
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        keys = [UInt32](repeating: 0, count: size)
        generations = [UInt32](repeating: 0, count: size)
        shift = UInt32(32 - size.trailingZeroBitCount)
    }

    /// Empties the set, growing it for `capacity` shingles if it must.
    mutating func removeAll(keepingCapacity capacity: Int) {
        if capacity * 2 > keys.count {
            self = ShingleSet(capacity: capacity)
            return
        }
        generation &+= 1
        if generation == 0 {
            for index in generations.indices { generations[index] = 0 }
            generation = 1
        }
    }

    /// Adds `shingle`; whether it was not in.
    @discardableResult
    mutating func insert(_ shingle: UInt32) -> Bool {
        let mask = keys.count - 1
        var index = Int((shingle &* 0x9E37_79B1) >> shift)
        while generations[index] == generation {
            if keys[index] == shingle { return false }
            index = (index + 1) & mask
        }
        generations[index] = generation
        keys[index] = shingle
        return true
    }

    func contains(_ shingle: UInt32) -> Bool {
        let mask = keys.count - 1
        var index = Int((shingle &* 0x9E37_79B1) >> shift)
        while generations[index] == generation {
            if keys[index] == shingle { return true }
            index = (index + 1) & mask
        }
        return false
    }
}
