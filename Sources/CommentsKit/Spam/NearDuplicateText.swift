/// A comment's text as the near-duplicate finder compares it (issue 30, ``NearDuplicates``):
/// what a flood varies from one copy to the next is folded away, and what is left is cut
/// into overlapping 4-byte shingles.
///
/// The normalisation, on the plain text the table keeps (HTML already made text, a link
/// shown as `text <https://…>`):
/// - lower case; every run of digits is one `0` ("offer 17" and "offer 254" are the same);
/// - punctuation, symbols used as punctuation and whitespace separate words, and words are
///   joined by one space ("Great post!!" and "great   post" are the same);
/// - a link, a bare domain (`cheap-pills.example/offer?id=3`) or an e-mail address is the
///   word `url`: floods rotate their domains and tracking paths, and a reader's eye skips
///   them too;
/// - zero-width characters and soft hyphens, which spam hides inside words, are dropped.
///
/// Shingles are the UTF-8 bytes of ` normalized text `, four at a time (for ASCII, character
/// 4-grams; a word's edges count through the spaces). Character shingles rather than word
/// n-grams: a flood's "pills" and "pillz" still share most of theirs, and a short text has
/// enough of them to compare (word pairs left a six-word text with five).
package struct NearDuplicateText: Equatable, Sendable {
    /// The normalised text, UTF-8.
    package let normalized: [UInt8]
    /// How many words it holds (a link is one).
    package let wordCount: Int
    /// Its distinct shingles, in increasing order.
    package let shingles: [UInt32]

    /// The normalised, shingled form of `text` (plain text, as ``CommentEntry/text``).
    package init(_ text: String) {
        var scalars: [UInt32] = []
        var normalized: [UInt8] = []
        wordCount = Self.normalize(utf8: Array(text.utf8)[...], into: &normalized, scalars: &scalars)
        self.normalized = normalized
        var shingles: [UInt32] = []
        Self.forEachShingle(of: normalized) { shingles.append($0) }
        shingles.sort()
        var distinct: [UInt32] = []
        distinct.reserveCapacity(shingles.count)
        for shingle in shingles where distinct.last != shingle { distinct.append(shingle) }
        self.shingles = distinct
    }

    /// The Jaccard similarity of the two texts' shingles: how many they share over how many
    /// either has (0 when neither has any).
    package func similarity(to other: NearDuplicateText) -> Double {
        var shared = 0, mine = 0, theirs = 0
        while mine < shingles.count, theirs < other.shingles.count {
            if shingles[mine] == other.shingles[theirs] {
                shared += 1
                mine += 1
                theirs += 1
            } else if shingles[mine] < other.shingles[theirs] {
                mine += 1
            } else {
                theirs += 1
            }
        }
        let union = shingles.count + other.shingles.count - shared
        return union == 0 ? 0 : Double(shared) / Double(union)
    }

    // MARK: Normalising

    /// Writes the normalised form of the UTF-8 text `utf8` into `output` (emptied first) and
    /// returns how many words it holds. `scalars` is a buffer for the decoded text, reused
    /// from one call to the next (the finder normalises every comment of a site).
    static func normalize(utf8: ArraySlice<UInt8>, into output: inout [UInt8], scalars: inout [UInt32]) -> Int {
        output.removeAll(keepingCapacity: true)
        scalars.removeAll(keepingCapacity: true)
        if utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in utf8 { scalars.append(UInt32(byte)) }
        } else {
            for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars { scalars.append(scalar.value) }
        }
        var words = 0
        var start = 0
        while start < scalars.count {
            guard !isTokenEnd(scalars[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < scalars.count, !isTokenEnd(scalars[end]) { end += 1 }
            words += appendWords(of: scalars[start..<end], to: &output)
            start = end
        }
        return words
    }

    /// Appends the words of one whitespace-delimited token (after a space when `output`
    /// holds some already) and returns how many.
    private static func appendWords(of token: ArraySlice<UInt32>, to output: inout [UInt8]) -> Int {
        if isLink(token) {
            if !output.isEmpty { output.append(0x20) }
            output.append(contentsOf: [0x75, 0x72, 0x6C])  // "url"
            return 1
        }
        var words = 0
        var inWord = false, inDigits = false
        for value in token {
            guard let scalar = Unicode.Scalar(value), !isInvisible(value) else { continue }
            guard isWordCharacter(scalar) else {
                inWord = false
                continue
            }
            if !inWord {
                if !output.isEmpty { output.append(0x20) }
                words += 1
                inWord = true
                inDigits = false
            }
            if value >= 0x30, value <= 0x39 {
                if !inDigits { output.append(0x30) }
                inDigits = true
                continue
            }
            inDigits = false
            appendLowercased(scalar, to: &output)
        }
        return words
    }

    private static func appendLowercased(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        let value = scalar.value
        if value < 0x80 {
            output.append(UInt8(value >= 0x41 && value <= 0x5A ? value + 0x20 : value))
        } else {
            for lower in scalar.properties.lowercaseMapping.unicodeScalars { UTF8.encode(lower) { output.append($0) } }
        }
    }

    /// Whether `value` ends a token: whitespace, a control character, or the angle
    /// brackets the plain text puts around a link's target.
    private static func isTokenEnd(_ value: UInt32) -> Bool {
        if value < 0x80 { return value <= 0x20 || value == 0x7F || value == 0x3C || value == 0x3E }
        guard let scalar = Unicode.Scalar(value) else { return true }
        return scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
    }

    /// Letters, digits, and the other characters that are not punctuation or spacing
    /// (emoji, CJK): what a word is made of.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) || (0x30...0x39).contains(value)
        }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .spaceSeparator, .lineSeparator, .paragraphSeparator, .control:
            return false
        default:
            return true
        }
    }

    /// Zero-width characters, word joiners, the byte-order mark and the soft hyphen.
    private static func isInvisible(_ value: UInt32) -> Bool {
        value == 0xAD || (0x200B...0x200D).contains(value) || value == 0x2060 || value == 0xFEFF
    }

    // MARK: Links

    /// Whether a token is a link, a bare domain or an e-mail address: `http://…`,
    /// `www.…`, `name@host.tld`, or `host.tld` with an optional path, where the last label
    /// is two letters or more ("e.g." and "3.5" are not domains).
    private static func isLink(_ token: ArraySlice<UInt32>) -> Bool {
        var token = token
        while let first = token.first, "([{'\"".unicodeScalars.contains(where: { $0.value == first }) { token.removeFirst() }
        while let last = token.last, ".,;:!?)]}'\"".unicodeScalars.contains(where: { $0.value == last }) { token.removeLast() }
        let lowered = token.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        for prefix in ["http://", "https://", "ftp://", "www.", "mailto:"] where lowered.starts(with: prefix.unicodeScalars.map(\.value)) {
            return true
        }
        var host = lowered[...]
        if let at = host.firstIndex(of: 0x40) { host = host[(at + 1)...] }
        if let end = host.firstIndex(where: { $0 == 0x2F || $0 == 0x3F || $0 == 0x23 || $0 == 0x3A }) { host = host[..<end] }
        let labels = host.split(separator: 0x2E, omittingEmptySubsequences: false)
        guard labels.count >= 2, let last = labels.last, last.count >= 2,
              last.allSatisfy({ (0x61...0x7A).contains($0) }) else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
        }
    }

    // MARK: Shingles

    /// Calls `body` with each 4-byte shingle of ` normalized ` (with repeats), in order.
    static func forEachShingle(of normalized: [UInt8], _ body: (UInt32) -> Void) {
        guard !normalized.isEmpty else { return }
        // The spaces around the text: its first and last words' edges are shingles too.
        var window: UInt32 = 0x20
        var filled = 1
        for byte in normalized {
            window = window << 8 | UInt32(byte)
            filled += 1
            if filled >= 4 { body(window) }
        }
        window = window << 8 | 0x20
        filled += 1
        if filled >= 4 { body(window) }
    }
}
