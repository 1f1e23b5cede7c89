/// What the feature reader asks of a Unicode scalar — whitespace, invisible, part of a word,
/// a letter, a capital, its lowercase. Unicode's property tables answer slowly (asking them
/// for every scalar cost more than the rest of reading a comment), so the answers for the
/// Basic Multilingual Plane are read from them once, into ``shared``; the scalars above it
/// (emoji, mostly) ask the tables.
struct SpamText: Sendable {
    /// The answers, read once per process (a few milliseconds).
    static let shared = SpamText()

    /// Each BMP scalar's traits (``word``, ``letter``, ``capital``, ``lowersToSeveral``).
    private let traits: [UInt8]
    /// Each BMP scalar's lowercase when it is one BMP scalar; the scalar itself otherwise.
    private let lowercases: [UInt16]

    /// Emoji and other symbols above the BMP: no letters, no case (the emoji in comments
    /// would otherwise each ask Unicode's tables).
    private static let symbolPlanes: ClosedRange<UInt32> = 0x1F000...0x1FBFF

    private static let word: UInt8 = 1, letter: UInt8 = 2, capital: UInt8 = 4, lowersToSeveral: UInt8 = 8

    private init() {
        var traits = [UInt8](repeating: 0, count: 0x10000)
        var lowercases = (0..<0x10000).map { UInt16($0) }
        for value in 0..<UInt32(0x10000) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let answer = Self.ask(scalar)
            traits[Int(value)] = answer.traits
            if let lower = answer.lowercase { lowercases[Int(value)] = lower }
        }
        self.traits = traits
        self.lowercases = lowercases
    }

    /// What Unicode's tables say of `scalar`, and its lowercase when that is one BMP scalar.
    private static func ask(_ scalar: Unicode.Scalar) -> (traits: UInt8, lowercase: UInt16?) {
        let properties = scalar.properties
        var traits: UInt8 = 0
        if isWord(properties) { traits |= word }
        if properties.isAlphabetic { traits |= letter }
        if properties.isAlphabetic, properties.isUppercase { traits |= capital }
        guard properties.changesWhenLowercased else { return (traits, nil) }
        let mapping = Array(properties.lowercaseMapping.unicodeScalars)
        guard mapping.count == 1, let only = mapping.first, only.value < 0x10000 else { return (traits | lowersToSeveral, nil) }
        return (traits, UInt16(only.value))
    }

    /// A letter, a digit, or a mark on one.
    private static func isWord(_ properties: Unicode.Scalar.Properties) -> Bool {
        if properties.isAlphabetic || properties.numericType != nil { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    // MARK: Asking

    /// Whether a scalar is part of a word: a letter, a digit, or a mark on one.
    func isWordScalar(_ value: UInt32) -> Bool {
        switch value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0...0x7F: return false
        case 0x80..<0x10000: return traits[Int(value)] & Self.word != 0
        case Self.symbolPlanes: return false
        default: return Unicode.Scalar(value).map { Self.isWord($0.properties) } ?? false
        }
    }

    /// The lowercase of `value` when it is one scalar (nearly always), as
    /// `String.lowercased()` maps each scalar; nil when it is several (İ): ``lowercaseScalars(_:)``.
    func lowercase(_ value: UInt32) -> UInt32? {
        if value < 0x10000 {
            let index = Int(value)
            return traits[index] & Self.lowersToSeveral == 0 ? UInt32(lowercases[index]) : nil
        }
        if Self.symbolPlanes.contains(value) { return value }
        guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased else { return value }
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first?.value : nil
    }

    /// The lowercase of `value`, however many scalars it is.
    static func lowercaseScalars(_ value: UInt32) -> [UInt32] {
        guard let scalar = Unicode.Scalar(value) else { return [value] }
        return scalar.properties.lowercaseMapping.unicodeScalars.map(\.value)
    }

    /// Whether `value` is a letter, and whether a capital one (the share of capitals is a signal).
    func letterCase(_ value: UInt32) -> (isLetter: Bool, isCapital: Bool) {
        switch value {
        case 0x41...0x5A: return (true, true)
        case 0x61...0x7A: return (true, false)
        case 0...0x7F: return (false, false)
        case 0x80..<0x10000:
            let traits = traits[Int(value)]
            return (traits & Self.letter != 0, traits & Self.capital != 0)
        case Self.symbolPlanes: return (false, false)
        default:
            guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic else { return (false, false) }
            return (true, scalar.properties.isUppercase)
        }
    }

    // MARK: Fixed lists

    /// The scalar whose UTF-8 encoding begins at `index`, and how many bytes it takes. A
    /// malformed sequence (never in a Swift string) reads as U+FFFD, one byte long.
    static func scalar(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[index])
        if lead < 0x80 { return (lead, 1) }
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
        guard length > 0, index + length <= bytes.count else { return (0xFFFD, 1) }
        var value = lead & (0xFF >> UInt32(length + 1))
        for offset in 1..<length {
            let next = UInt32(bytes[index + offset])
            guard next & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            value = value << 6 | (next & 0x3F)
        }
        return (value, length)
    }

    /// Unicode's White_Space property (a fixed list: Unicode promises not to change it).
    static func isWhitespace(_ value: UInt32) -> Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// The byte-order mark, zero-width characters and the soft hyphen some spam hides in words.
    static func isInvisible(_ value: UInt32) -> Bool {
        switch value {
        case 0xFEFF, 0x200B, 0x200C, 0x200D, 0x2060, 0x00AD: true
        default: false
        }
    }
}
