import Foundation

/// The free-text search: one definition for the filter (`/`) and for `n` / `N`.
///
/// It looks where WordPress's own `search=` looks (`WP_Comment_Query`): the content, the
/// author's name, e-mail, URL and IP — e-mail and IP only where the edit context brought
/// them. Matching ignores case and accents ("naive" finds "naïve", "ZOE" finds "Zoë"):
/// needle and text are both folded (``fold(_:into:)``) to UTF-8 and compared byte by
/// byte. ASCII folds by a table lookup, anything else through a cache of Foundation's
/// folding, so a keystroke over 100,000 comments costs a scan (and with
/// ``FoldedTexts``, not even the folding), not 100,000 calls into Foundation.
public enum CommentSearch {
    /// A needle folded once, to test many comments with.
    public struct Pattern: Sendable, Equatable {
        /// The needle folded, as UTF-8 (never empty, never holds a 0 byte).
        let folded: [UInt8]
        /// Whether ``folded`` is all ASCII.
        let isASCII: Bool

        /// The pattern for `needle` (surrounding spaces ignored); nil when it is empty.
        public init?(_ needle: String) {
            let trimmed = needle.trimmingCharacters(in: .whitespaces)
            var folded: [UInt8] = []
            for scalar in trimmed.unicodeScalars where scalar.value != 0 { CommentSearch.fold(scalar, into: &folded) }
            guard !folded.isEmpty else { return nil }
            self.folded = folded
            isASCII = folded.allSatisfy { $0 < 0x80 }
        }

        /// How many characters (Unicode scalars) the folded needle holds.
        var characterCount: Int { folded.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }

        /// Whether this needle contains `other`'s (so whatever this one finds, `other` finds).
        func includes(_ other: Pattern) -> Bool {
            folded.withUnsafeBufferPointer { haystack in CommentSearch.find(other.folded, in: haystack) != nil }
        }

        /// Whether one of `entry`'s searched fields (content, author name, URL, and e-mail
        /// and IP when known) contains the needle.
        public func matches(_ entry: CommentEntry) -> Bool {
            var buffer: [UInt8] = []
            return matches(entry, buffer: &buffer)
        }

        /// Same as ``matches(_:)``, folding into `buffer` (reused across many comments so
        /// a scan allocates once).
        func matches(_ entry: CommentEntry, buffer: inout [UInt8]) -> Bool {
            if contains(entry.authorName, buffer: &buffer) || contains(entry.authorURL, buffer: &buffer) { return true }
            if let facts = entry.facts, contains(facts.email, buffer: &buffer) || contains(facts.ip, buffer: &buffer) { return true }
            return contains(entry.text, buffer: &buffer)
        }

        /// Whether `text` contains the needle, folded alike.
        public func contains(_ text: String) -> Bool {
            var buffer: [UInt8] = []
            return contains(text, buffer: &buffer)
        }

        /// Folds `text` into `buffer`, then looks for the needle in it.
        func contains(_ text: String, buffer: inout [UInt8]) -> Bool {
            var text = text
            return text.withUTF8 { contains(utf8: $0, buffer: &buffer) }
        }

        /// Same as ``contains(_:buffer:)`` on text stored as UTF-8 (``TextStore``).
        func contains(utf8 bytes: ArraySlice<UInt8>, buffer: inout [UInt8]) -> Bool {
            bytes.withUnsafeBufferPointer { contains(utf8: $0, buffer: &buffer) }
        }

        /// Same as ``contains(_:buffer:)`` on UTF-8 bytes.
        ///
        /// A text all ASCII is searched as it is, its capitals lowered on the fly
        /// (``CommentSearch/containsFoldingASCII(_:in:)``): folding it into `buffer` first
        /// cost most of a scan of a million texts, which are nearly all ASCII.
        func contains(utf8 bytes: UnsafeBufferPointer<UInt8>, buffer: inout [UInt8]) -> Bool {
            if CommentSearch.isASCII(bytes) {
                // Folded, an ASCII text is ASCII: a needle that is not cannot be in it.
                guard isASCII else { return false }
                return folded.withUnsafeBufferPointer { CommentSearch.containsFoldingASCII($0, in: bytes) }
            }
            buffer.removeAll(keepingCapacity: true)
            CommentSearch.fold(utf8: bytes, into: &buffer)
            return buffer.withUnsafeBufferPointer { CommentSearch.find(folded, in: $0) != nil }
        }
    }

    /// Where `needle` first occurs in `haystack` (an offset), if it does: `memchr` finds
    /// the candidates for its first byte, `memcmp` checks the rest.
    static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        needle.withUnsafeBufferPointer { needle in find(needle, in: haystack, from: start) }
    }

    /// Same as ``find(_:in:from:)`` with the needle as a buffer.
    ///
    /// The pointers it reads through are not bounds-checked in a release build: every
    /// offset is kept within the haystack by the loops' own bounds (a start before the
    /// haystack finds nothing), and the differential tests hold them to a byte-by-byte search.
    static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Int? {
        guard let needleBase = needle.baseAddress, let base = haystack.baseAddress, !needle.isEmpty, start >= 0 else { return nil }
        let count = needle.count, first = Int32(needle[0])
        let last = haystack.count - count
        if count >= 2 { return findByPairs(needleBase, count, in: base, count: haystack.count, from: start) }
        var at = start
        while at <= last {
            guard let hit = memchr(base + at, first, last - at + 1) else { return nil }
            let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if rest(of: needleBase, count, matchesAt: base + offset) { return offset }
            at = offset + 1
        }
        return nil
    }

    /// ``find(_:in:from:)`` for a needle of two bytes or more: sixteen positions at a time,
    /// those where the needle's first two bytes both stand are candidates (one vector
    /// comparison each; ``SIMD16``). A first byte alone, found by `memchr`, made a
    /// candidate of every "l" of the text for "lo" (issue 14: "lo" and "lov" were the slow
    /// keys at 100k, 10–11 ms); a pair of bytes is rarer by far.
    private static func findByPairs(
        _ needle: UnsafePointer<UInt8>, _ needleCount: Int, in base: UnsafePointer<UInt8>, count: Int, from start: Int
    ) -> Int? {
        let last = count - needleCount
        guard start >= 0, start <= last else { return nil }
        let first = needle[0], second = needle[1]
        let firsts = SIMD16<UInt8>(repeating: first), seconds = SIMD16<UInt8>(repeating: second)
        let raw = UnsafeRawPointer(base)
        var at = start
        // A block reads the bytes at..<at + 17 (each position and the one after it). It
        // stops at `last` too: a needle longer than 17 bytes ends past the block, so a block
        // can start after the last place the needle fits (and `at..<last + 1` would be
        // built backwards, issue 29).
        while at <= last, at + 17 <= count {
            let here = raw.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self)
            let next = raw.loadUnaligned(fromByteOffset: at + 1, as: SIMD16<UInt8>.self)
            if any((here .== firsts) .& (next .== seconds)) {
                for candidate in at..<min(at + 16, last + 1)
                where base[candidate] == first && base[candidate + 1] == second
                    && rest(of: needle, needleCount, matchesAt: base + candidate) {
                    return candidate
                }
            }
            at += 16
        }
        while at <= last {
            if base[at] == first, base[at + 1] == second, rest(of: needle, needleCount, matchesAt: base + at) { return at }
            at += 1
        }
        return nil
    }

    /// Whether every byte of `bytes` is ASCII (sixteen at a time).
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var any = SIMD16<UInt8>(repeating: 0)
        var at = 0
        while at + 16 <= bytes.count {
            any |= raw.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self)
            at += 16
        }
        var tail: UInt8 = 0
        while at < bytes.count {
            tail |= base[at]
            at += 1
        }
        return (any.max() | tail) < 0x80
    }

    /// Whether `needle` (folded, ASCII) occurs in the ASCII `text` folded — its capitals
    /// lowered as it is read, which is all that folding does to ASCII: sixteen positions
    /// at a time, candidates where the needle's first two bytes stand (its first alone for
    /// a needle of one byte).
    static func containsFoldingASCII(_ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let needleBase = needle.baseAddress, let base = text.baseAddress, !needle.isEmpty,
              needle.count <= text.count else { return false }
        let count = needle.count, last = text.count - count
        let raw = UnsafeRawPointer(base)
        let first = SIMD16<UInt8>(repeating: needleBase[0])
        let second = SIMD16<UInt8>(repeating: count > 1 ? needleBase[1] : 0)
        @inline(__always) func lowered(_ block: SIMD16<UInt8>) -> SIMD16<UInt8> {
            let capital = (block &- SIMD16(repeating: 0x41)) .< SIMD16(repeating: 26)
            return block.replacing(with: block | SIMD16(repeating: 0x20), where: capital)
        }
        @inline(__always) func matches(at candidate: Int) -> Bool {
            var index = 0
            while index < count, asciiFolded[Int(base[candidate + index])] == needleBase[index] { index += 1 }
            return index == count
        }
        var at = 0
        // A block reads the bytes at..<at + 17; past `last` the needle no longer fits (as
        // in ``findByPairs``, issue 29).
        while at <= last, at + 17 <= text.count {
            let here = lowered(raw.loadUnaligned(fromByteOffset: at, as: SIMD16<UInt8>.self))
            var candidates = here .== first
            if count > 1 { candidates = candidates .& (lowered(raw.loadUnaligned(fromByteOffset: at + 1, as: SIMD16<UInt8>.self)) .== second) }
            if any(candidates) {
                for candidate in at..<min(at + 16, last + 1) where matches(at: candidate) { return true }
            }
            at += 16
        }
        while at <= last {
            if matches(at: at) { return true }
            at += 1
        }
        return false
    }

    /// Whether the `count` bytes at `candidate` after its first equal those of `needle`:
    /// compared in place for a short needle, where a call to `memcmp` would cost more than
    /// the comparison (a frequent first letter makes many candidates).
    @inline(__always)
    private static func rest(of needle: UnsafePointer<UInt8>, _ count: Int, matchesAt candidate: UnsafePointer<UInt8>) -> Bool {
        guard count > 16 else {
            var index = 1
            while index < count, candidate[index] == needle[index] { index += 1 }
            return index == count
        }
        return memcmp(candidate + 1, needle + 1, count - 1) == 0
    }

    /// Appends `bytes` (UTF-8; an invalid sequence reads as U+FFFD) folded for matching.
    static func fold(utf8 bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var index = 0
        let count = bytes.count
        while index < count {
            // Runs of ASCII, the bulk of most comments, by table.
            let byte = bytes[index]
            if byte < 0x80 {
                output.append(asciiFolded[Int(byte)])
                index += 1
                continue
            }
            var end = index + 1
            while end < count, bytes[end] & 0xC0 == 0x80, end - index < 4 { end += 1 }
            var decoder = UTF8()
            var iterator = UnsafeBufferPointer(rebasing: bytes[index..<end]).makeIterator()
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar) where scalar.utf8.count == end - index: fold(scalar, into: &output)
            default:
                // Not one well-formed scalar: take it as a replacement character, byte by byte,
                // so the scan always moves on.
                fold("\u{FFFD}", into: &output)
                end = index + 1
            }
            index = end
        }
    }

    /// Appends `scalar` folded for matching, as UTF-8: lowercase, accents and other
    /// combining marks dropped ("É" → "e", "ß" → "ss").
    static func fold(_ scalar: Unicode.Scalar, into output: inout [UInt8]) {
        let value = scalar.value
        if value < 0x80 {
            output.append(asciiFolded[Int(value)])
            return
        }
        if let cached = foldCache.withLock({ $0[value] }) {
            output.append(contentsOf: cached)
            return
        }
        let folded = String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
        var bytes: [UInt8] = []
        for part in folded.unicodeScalars where part.properties.generalCategory != .nonspacingMark && part.value != 0 {
            bytes.append(contentsOf: part.utf8)
        }
        foldCache.withLock { $0[value] = bytes }
        output.append(contentsOf: bytes)
    }

    /// ASCII folded: `A`–`Z` lowercased, the rest as it is.
    private static let asciiFolded: [UInt8] = (0..<128).map { UInt8($0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0) }

    private static let foldCache = Locked<[UInt32: [UInt8]]>([:])
}
