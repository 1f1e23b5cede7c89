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
/// - zero-width characters, soft hyphens and direction marks, which spam hides inside
///   words, are dropped.
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
        var normalizer = Normalizer()
        var normalized: [UInt8] = []
        wordCount = normalizer.normalize(utf8: Array(text.utf8)[...], into: &normalized)
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

    /// How the normaliser reads a character.
    enum Kind: UInt8 {
        /// Ends a token: whitespace, a control character, the angle brackets the plain text
        /// puts around a link's target.
        case separator
        /// Part of a word, as it is: a lower-case letter, a digit, an emoji, CJK.
        case word
        /// Part of a word, lowered: a capital.
        case capital
        /// Separates words within a token: punctuation.
        case punctuation
        /// Dropped: zero-width characters, joiners, the byte-order mark, the soft hyphen,
        /// direction marks (Unicode's format characters).
        case invisible

        /// The kind of each ASCII character.
        static let ascii: [Kind] = (0..<128).map { value in
            switch value {
            case 0...0x20, 0x7F, 0x3C, 0x3E: .separator
            case 0x61...0x7A, 0x30...0x39: .word
            case 0x41...0x5A: .capital
            default: .punctuation
            }
        }

        /// The kind of `value`: ASCII from the table, the rest by one look at its general
        /// category (each property Unicode is asked costs a table walk: at 100,000 comments,
        /// asking three took a third of the scan).
        static func of(_ value: UInt32) -> Kind {
            if value < 0x80 { return ascii[Int(value)] }
            guard let scalar = Unicode.Scalar(value) else { return .separator }
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control: return .separator
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation: return .punctuation
            case .format: return .invisible
            case .uppercaseLetter, .titlecaseLetter: return .capital
            default: return value == 0xAD ? .invisible : .word
            }
        }
    }

    /// Normalises texts one after the other, reusing its buffers (the finder normalises every
    /// comment of a site).
    struct Normalizer {
        private var scalars: [UInt32] = []
        private var kinds: [Kind] = []
        /// The kinds of the non-ASCII characters met lately, by the character's low bits
        /// (0: none): a site's texts repeat their accents, scripts and emoji, and asking
        /// Unicode each time was a tenth of a 100,000-comment scan.
        private var recent = [UInt32](repeating: 0, count: 1024)
        private var recentKinds = [Kind](repeating: .word, count: 1024)

        /// Writes the normalised form of the UTF-8 text `utf8` into `output` (emptied first)
        /// and returns how many words it holds.
        mutating func normalize(utf8: ArraySlice<UInt8>, into output: inout [UInt8]) -> Int {
            output.removeAll(keepingCapacity: true)
            scalars.removeAll(keepingCapacity: true)
            kinds.removeAll(keepingCapacity: true)
            scalars.reserveCapacity(utf8.count)
            kinds.reserveCapacity(utf8.count)
            if utf8.allSatisfy({ $0 < 0x80 }) {
                // The table read once, not once a byte (a static's lazy check each time).
                let ascii = Kind.ascii
                for byte in utf8 {
                    scalars.append(UInt32(byte))
                    kinds.append(ascii[Int(byte)])
                }
            } else {
                for scalar in String(decoding: utf8, as: UTF8.self).unicodeScalars {
                    scalars.append(scalar.value)
                    kinds.append(kind(of: scalar.value))
                }
            }
            var words = 0
            var start = 0
            while start < scalars.count {
                guard kinds[start] != .separator else {
                    start += 1
                    continue
                }
                var end = start
                while end < scalars.count, kinds[end] != .separator { end += 1 }
                words += appendWords(from: start, to: end, into: &output)
                start = end
            }
            return words
        }

        /// ``Kind/of(_:)``, remembered.
        private mutating func kind(of value: UInt32) -> Kind {
            guard value >= 0x80 else { return Kind.of(value) }
            let slot = Int(value & 1023)
            if recent[slot] == value { return recentKinds[slot] }
            let kind = Kind.of(value)
            recent[slot] = value
            recentKinds[slot] = kind
            return kind
        }

        /// Appends the words of one whitespace-delimited token, `start..<end` (after a space
        /// when `output` holds some already), and returns how many.
        private func appendWords(from start: Int, to end: Int, into output: inout [UInt8]) -> Int {
            if NearDuplicateText.isLink(scalars[start..<end]) {
                if !output.isEmpty { output.append(0x20) }
                output.append(contentsOf: [0x75, 0x72, 0x6C])  // "url"
                return 1
            }
            var words = 0
            var inWord = false, inDigits = false
            for index in start..<end {
                let kind = kinds[index], value = scalars[index]
                switch kind {
                case .invisible, .separator: continue
                case .punctuation:
                    inWord = false
                    continue
                case .word, .capital: break
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
                if value < 0x80 {
                    output.append(UInt8(kind == .capital ? value + 0x20 : value))
                } else if let scalar = Unicode.Scalar(value) {
                    if kind == .capital {
                        for lower in scalar.properties.lowercaseMapping.unicodeScalars { UTF8.encode(lower) { output.append($0) } }
                    } else {
                        UTF8.encode(scalar) { output.append($0) }
                    }
                }
            }
            return words
        }
    }

    // MARK: Links

    /// Whether a token is a link, a bare domain or an e-mail address: `http://…`,
    /// `www.…`, `name@host.tld`, or `host.tld` with an optional path, where the last label
    /// is two letters or more ("e.g." and "3.5" are not domains). Index arithmetic only:
    /// it runs on every word of every comment of a site, and an array made per word cost
    /// more than the rest of the scan.
    static func isLink(_ token: ArraySlice<UInt32>) -> Bool {
        var start = token.startIndex, end = token.endIndex
        while start < end, isOpening(token[start]) { start += 1 }
        while start < end, isClosing(token[end - 1]) { end -= 1 }
        // A link holds a dot, a colon or an @ inside it; most words hold none.
        guard start < end, token[start..<end].contains(where: { $0 == 0x2E || $0 == 0x3A || $0 == 0x40 }) else { return false }
        for prefix in linkPrefixes where end - start >= prefix.count {
            if zip(token[start..<(start + prefix.count)], prefix).allSatisfy({ lowered($0) == $1 }) { return true }
        }
        var hostStart = start
        if let at = token[start..<end].firstIndex(of: 0x40) { hostStart = at + 1 }
        var labels = 0, labelLength = 0, labelIsLetters = true
        for index in hostStart..<end {
            let value = lowered(token[index])
            if value == 0x2F || value == 0x3F || value == 0x23 || value == 0x3A { break }  // / ? # : end the host
            if value == 0x2E {
                guard labelLength > 0 else { return false }
                labels += 1
                labelLength = 0
                labelIsLetters = true
            } else if (0x61...0x7A).contains(value) {
                labelLength += 1
            } else if (0x30...0x39).contains(value) || value == 0x2D {
                labelLength += 1
                labelIsLetters = false
            } else {
                return false
            }
        }
        return labels >= 1 && labelLength >= 2 && labelIsLetters
    }

    /// What starts a link, lower case.
    private static let linkPrefixes: [[UInt32]] = ["http://", "https://", "ftp://", "www.", "mailto:"].map { $0.unicodeScalars.map(\.value) }

    /// ASCII capitals lowered; any other value as it is.
    private static func lowered(_ value: UInt32) -> UInt32 {
        value >= 0x41 && value <= 0x5A ? value + 0x20 : value
    }

    /// Punctuation before a link: `(`, `[`, `{`, quotes.
    private static func isOpening(_ value: UInt32) -> Bool {
        value == 0x28 || value == 0x5B || value == 0x7B || value == 0x27 || value == 0x22
    }

    /// Punctuation after a link: `.` `,` `;` `:` `!` `?`, closing brackets, quotes.
    private static func isClosing(_ value: UInt32) -> Bool {
        switch value {
        case 0x2E, 0x2C, 0x3B, 0x3A, 0x21, 0x3F, 0x29, 0x5D, 0x7D, 0x27, 0x22: true
        default: false
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
