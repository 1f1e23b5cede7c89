import Foundation

/// The features of one comment as the model reads them: the text's words, word pairs and
/// character 2–5-grams (hashed, their weights scaled to unit length so a long text does not
/// outweigh a short one), then the named signals at full weight.
public struct SpamFeatures: Sendable {
    /// The feature buckets, text first (``textCount`` of them), then the signals'.
    public internal(set) var buckets: [UInt32]
    /// The value of each bucket.
    public internal(set) var values: [Float]
    /// How many of the buckets are the text's.
    public internal(set) var textCount: Int
    /// The named signals, in the order of their buckets after the text's.
    public internal(set) var signals: [SpamSignal]
    /// The text's distinct words, each with its bucket (the reasons name the words that weighed most).
    public internal(set) var words: [(word: String, bucket: UInt32)]
    /// The text as a reader sees it, lowercased, whitespace collapsed (near-duplicates compare it).
    public internal(set) var normalizedText: String
}

/// Reads comments into ``SpamFeatures``, reusing its buffers from one comment to the next
/// (a million comments are read to train a model): one per task, never shared.
public struct SpamFeatureReader {
    /// The size of the feature space: 2^18 buckets (1 MB of weights).
    public static let bucketCount = 1 << 18
    private var counts = [Float](repeating: 0, count: SpamFeatureReader.bucketCount)
    private var touched: [UInt32] = []

    public init() {}

    /// The features of `evidence`.
    public mutating func features(of evidence: SpamEvidence) -> SpamFeatures {
        let markup = SpamMarkup(html: evidence.html)
        let text = Self.normalized(markup.visibleText)
        var words: [(word: String, bucket: UInt32)] = []
        countCharacterGrams(of: text)
        var previous: Substring?
        for word in text.split(whereSeparator: { !Self.isWordCharacter($0) }) {
            let bucket = Self.bucket("w", word)
            if !words.contains(where: { $0.bucket == bucket }) { words.append((String(word), bucket)) }
            count(bucket)
            if let previous { count(Self.bucket("p", previous + " " + word)) }
            previous = word
        }
        for domain in markup.domains { count(Self.bucket("w", "link:" + domain)) }
        var features = takeCounts()
        features.words = words
        features.normalizedText = text
        for signal in Self.signals(of: evidence, markup: markup) {
            features.buckets.append(Self.bucket("s", signal.key))
            features.values.append(1)
            features.signals.append(signal)
        }
        return features
    }

    /// The named signals of a comment.
    static func signals(of evidence: SpamEvidence, markup: SpamMarkup) -> [SpamSignal] {
        var signals: [SpamSignal] = markup.domains.prefix(8).map { .linksTo(domain: $0) }
        signals.append(.linkCount(min(markup.links.count, 3)))
        if !markup.hiddenLinks.isEmpty { signals.append(.hiddenLink) }
        if markup.bbcodeLinks > 0 { signals.append(.bbcodeLink) }
        if let address = evidence.authorIP, !address.isEmpty { signals.append(.fromAddress(address)) }
        if let email = evidence.authorEmail?.lowercased(), !email.isEmpty { signals.append(.fromEmail(email)) }
        if let site = evidence.authorURL.flatMap(SpamMarkup.domain(of:)) { signals.append(.authorSite(site)) }
        let visible = markup.visibleText
        signals.append(.length(min(characterCount(visible) / 40, 8)))
        var letters = 0, capitals = 0
        for scalar in visible.unicodeScalars {
            if scalar.isASCII {
                let value = scalar.value
                if (0x61...0x7A).contains(value) { letters += 1 } else if (0x41...0x5A).contains(value) { letters += 1; capitals += 1 }
            } else if scalar.properties.isAlphabetic {
                letters += 1
                if scalar.properties.isUppercase { capitals += 1 }
            }
        }
        if letters > 0 { signals.append(.capitals(capitals * 10 / letters)) }
        return signals
    }

    /// How many characters `text` holds: its bytes when it is ASCII without a CR (each
    /// byte a character then), else counted the slow way (a CR LF is one character).
    private static func characterCount(_ text: String) -> Int {
        text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) ? text.utf8.count : text.count
    }

    /// Whether `character` is part of a word (a letter or a digit); ASCII without the
    /// Unicode tables, which cost more than the rest of reading a comment.
    private static func isWordCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return character.isLetter || character.isNumber }
        return (0x61...0x7A).contains(ascii) || (0x41...0x5A).contains(ascii) || (0x30...0x39).contains(ascii)
    }

    /// Unicode's whitespace, ASCII's without the tables.
    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// Lowercased, every run of whitespace one space, the byte-order marks and zero-width
    /// characters some spam hides in words removed.
    static func normalized(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return normalizedASCII(text) }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var lastWasSpace = true
        for scalar in text.lowercased().unicodeScalars {
            if isWhitespace(scalar) {
                if !lastWasSpace { out.append(0x20) }
                lastWasSpace = true
            } else if scalar.isASCII || !Self.invisible.contains(scalar.value) {
                UTF8.encode(scalar) { out.append($0) }
                lastWasSpace = false
            }
        }
        if out.last == 0x20 { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// ``normalized(_:)`` of an ASCII text, byte by byte (no invisible character is ASCII).
    private static func normalizedASCII(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var lastWasSpace = true
        for byte in text.utf8 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                if !lastWasSpace { out.append(0x20) }
                lastWasSpace = true
            } else {
                out.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
                lastWasSpace = false
            }
        }
        if out.last == 0x20 { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    private static let invisible: Set<UInt32> = [0xFEFF, 0x200B, 0x200C, 0x200D, 0x2060, 0x00AD]

    // MARK: Counting

    /// Character 2–5-grams of the text with a space at each end (word edges count).
    private mutating func countCharacterGrams(of text: String) {
        let scalars = [Unicode.Scalar(" ")] + Array(text.unicodeScalars) + [Unicode.Scalar(" ")]
        for start in scalars.indices {
            var hash = Self.seed("c")
            for length in 1...5 {
                let end = start + length - 1
                guard end < scalars.count else { break }
                hash = Self.mix(hash, scalars[end].value)
                if length >= 2 { count(Self.fold(hash)) }
            }
        }
    }

    private mutating func count(_ bucket: UInt32) {
        if counts[Int(bucket)] == 0 { touched.append(bucket) }
        counts[Int(bucket)] += 1
    }

    /// The counted buckets as unit-length log counts; the buffers cleared for the next comment.
    private mutating func takeCounts() -> SpamFeatures {
        var values = [Float]()
        values.reserveCapacity(touched.count + 12)
        var norm: Float = 0
        for bucket in touched {
            // log(1 + n): a word said five times is not five words.
            let value = Float(log(Double(1 + counts[Int(bucket)])))
            values.append(value)
            norm += value * value
            counts[Int(bucket)] = 0
        }
        let scale = norm > 0 ? 1 / norm.squareRoot() : 0
        for index in values.indices { values[index] *= scale }
        defer { touched.removeAll(keepingCapacity: true) }
        return SpamFeatures(buckets: touched, values: values, textCount: touched.count, signals: [], words: [], normalizedText: "")
    }

    // MARK: Hashing (FNV-1a, 64 bits, folded into the bucket count)

    static func bucket(_ kind: Unicode.Scalar, _ text: some StringProtocol) -> UInt32 {
        var hash = seed(kind)
        for scalar in text.unicodeScalars { hash = mix(hash, scalar.value) }
        return fold(hash)
    }

    private static func seed(_ kind: Unicode.Scalar) -> UInt64 { mix(0xcbf2_9ce4_8422_2325, kind.value) }

    private static func mix(_ hash: UInt64, _ value: UInt32) -> UInt64 {
        (hash ^ UInt64(value)) &* 0x0000_0100_0000_01B3
    }

    private static func fold(_ hash: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: (hash ^ (hash >> 29)) & UInt64(bucketCount - 1))
    }
}
