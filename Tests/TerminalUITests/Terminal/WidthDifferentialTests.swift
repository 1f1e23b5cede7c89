import Testing
import PropertyBased
@testable import TerminalUI

/// Issue 29: the display widths and the wrap against plain versions written here, on
/// generated text of every kind a comment holds (ASCII, accents composed and combining,
/// CJK, emoji with ZWJ and skin tones, flags, prepended concatenation marks, Hangul jamo,
/// format and control characters): the binary search of the wide table against a scan
/// of it, the ASCII fast path and the cluster rules against the rules as the type's
/// documentation states them, and truncate, pad, prefix and wrap against versions that
/// walk an array of characters.
@Suite struct WidthDifferentialTests {
    // MARK: The plain versions

    /// Whether `value` is in one of the wide ranges, trying each.
    static func inWideTable(_ value: UInt32) -> Bool {
        EastAsianWideTable.ranges.contains { $0.contains(value) }
    }

    /// A scalar's width where it starts a cluster, as ``DisplayWidth``'s documentation says.
    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator: return 0
        default: break
        }
        return scalar.properties.isEmojiPresentation || inWideTable(value) ? 2 : 1
    }

    /// A cluster's width: its base's (after any leading format characters), or 2 for an
    /// emoji forced by VS16 or joined by ZWJ to an emoji.
    static func characterWidth(_ character: Character) -> Int {
        var scalars = Array(character.unicodeScalars)
        if let first = scalars.first, first.properties.generalCategory == .format, scalarWidth(first) == 0 {
            scalars = Array(scalars.drop { $0.properties.generalCategory == .format })
        }
        guard let base = scalars.first else { return 0 }
        let width = scalarWidth(base)
        if width == 2 || scalars.count == 1 { return width }
        if base.properties.isEmoji, scalars.contains("\u{FE0F}") { return 2 }
        if scalars.contains("\u{200D}"), scalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
        return width
    }

    static func width(_ characters: some Sequence<Character>) -> Int {
        characters.reduce(0) { $0 + characterWidth($1) }
    }

    static func same(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }

    // MARK: Generated text

    static let alphabet: [String] = [
        "a", "Z", " ", " ", "  ", "\t", "-", "/", "?", "&", "#", "1", "2", "é", "e\u{301}", "\u{301}", "字", "日本",
        "😀", "👍🏽", "👩‍💻", "🇫🇷", "❤️", "1️⃣", "\u{200D}", "\u{200B}", "\u{600}", "\u{604} ", "\u{1100}\u{1161}",
        "\u{1161}", "\u{AD}", "\u{7F}", "\u{85}", "ﾊ", "Ａ", "\u{2028}", "https://example.com/a/b?c=1&d#x",
    ]
    static let text = Gen<String?>.element(of: alphabet).map { $0 ?? "a" }.array(of: 0...40).map { $0.joined() }
    static let columns = Gen.int(in: -2...50)

    // MARK: Properties

    /// Both ends of every wide range.
    static let rangeEnds: [UInt32] = EastAsianWideTable.ranges.flatMap { [$0.lowerBound, $0.upperBound] }

    /// Near the end `end` of a range (`delta` away), or `any`.
    static func scalarValue(_ input: (Int, Int, UInt32, Bool)) -> UInt32 {
        let (end, delta, any, nearEnd) = input
        return nearEnd ? UInt32(max(0, Int(rangeEnds[end]) + delta)) : any
    }

    /// 4,000 cases, near the ranges' ends and anywhere below U+40000.
    @Test func theWideTablesBinarySearchAgreesWithAScan() async {
        let value = zip(Gen.int(in: 0...(Self.rangeEnds.count - 1)), Gen.int(in: -2...2), Gen.uint32(in: 0...0x40000), Gen.bool())
            .map(Self.scalarValue)
        await propertyCheck(count: 4_000, input: value) { (value: UInt32) in
            #expect(EastAsianWideTable.contains(value) == Self.inWideTable(value), "U+\(String(value, radix: 16))")
        }
    }

    /// 3,000 texts: each cluster's width, and the text's.
    @Test func widthsFollowTheDocumentedRules() async {
        await propertyCheck(count: 3_000, input: Self.text) { text in
            for character in text where DisplayWidth.of(character) != Self.characterWidth(character) {
                Issue.record("\(String(character).unicodeScalars.map { String($0.value, radix: 16) }): \(DisplayWidth.of(character)), not \(Self.characterWidth(character))")
            }
            #expect(DisplayWidth.of(text) == Self.width(text))
        }
    }

    /// 1,500 cases.
    @Test func truncatePadAndPrefixAgreeWithAWalkOverTheCharacters() async {
        await propertyCheck(count: 1_500, input: Self.text, Self.columns) { text, width in
            let characters = Array(text)
            func longestPrefix(fitting budget: Int) -> String {
                var used = 0, end = 0
                while end < characters.count, used + Self.characterWidth(characters[end]) <= budget {
                    used += Self.characterWidth(characters[end])
                    end += 1
                }
                return String(characters[..<end])
            }
            #expect(Self.same(DisplayWidth.prefix(of: text, fittingIn: max(0, width)), longestPrefix(fitting: max(0, width))))

            let truncated: String
            if width <= 0 {
                truncated = ""
            } else if Self.width(characters) <= width {
                truncated = text
            } else {
                let ellipsis = Self.characterWidth("…")
                truncated = ellipsis <= width ? longestPrefix(fitting: width - ellipsis) + "…" : longestPrefix(fitting: width)
            }
            #expect(Self.same(DisplayWidth.truncate(text, toWidth: width), truncated), "truncate \(text.debugDescription) to \(width)")

            var padded = text
            while Self.width(padded) < width { padded += " " }
            #expect(Self.same(DisplayWidth.pad(text, toWidth: width), padded), "pad \(text.debugDescription) to \(width)")
        }
    }

    /// Text whose words all fit the line, words of the alphabet without the long address.
    static let shortWords = Gen<String?>.element(of: alphabet.filter { $0.count < 8 && !$0.contains("\u{2028}") } + ["\n", "word", "wörds"])
        .map { $0 ?? "a" }.array(of: 0...60).map { $0.joined() }

    /// A greedy wrap over characters: words between spaces and tabs, one space between
    /// words on a line, hard line breaks kept.
    static func greedyWrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line: [Character] = []
            var produced = false
            for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                let candidate = line.isEmpty ? Array(word) : line + [" "] + Array(word)
                if Self.width(candidate) <= width {
                    line = candidate
                } else {
                    lines.append(String(line))
                    produced = true
                    line = Array(word)
                }
            }
            if !line.isEmpty || !produced { lines.append(String(line)) }
        }
        return lines
    }

    /// 3,000 cases where every word fits the line: the wrap is the greedy one.
    @Test func wrappingWordsThatFitIsTheGreedyWrap() async {
        await propertyCheck(count: 3_000, input: Self.shortWords, Gen.int(in: -1...30)) { text, width in
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            guard words.allSatisfy({ Self.width($0) <= width }) else { return }
            let wrapped = TextWrapper.wrap(text, width: width)
            let expected = Self.greedyWrap(text, width: width)
            #expect(wrapped.count == expected.count && zip(wrapped, expected).allSatisfy { Self.same($0, $1) },
                    "wrap \(text.debugDescription) at \(width): \(wrapped) not \(expected)")
        }
    }

    /// 3,000 cases of any text, sanitised as the views sanitise it before wrapping: no line
    /// wider than the width, and every character kept in order but the spaces and tabs at
    /// the breaks and a grapheme wider than the line.
    @Test func wrappingAnyTextKeepsItsCharactersWithinTheWidth() async {
        await propertyCheck(count: 3_000, input: Self.text, Gen.int(in: 1...30)) { raw, width in
            let text = TextSanitizer.sanitize(raw)
            let wrapped = TextWrapper.wrap(text, width: width)
            for line in wrapped where Self.width(line) > width {
                Issue.record("wrap \(text.debugDescription) at \(width): \(line.debugDescription) is \(Self.width(line)) wide")
            }
            // Compared scalar by scalar, blanks left out: the space the wrap puts between two
            // words joins a combining mark or ZWJ that started the second (after a tab, say)
            // into one cluster, which shows the same.
            let blanks: Set<Unicode.Scalar> = [" ", "\t", "\n"]
            let kept = Array(text.filter { Self.characterWidth($0) <= width }.unicodeScalars).filter { !blanks.contains($0) }
            let shown = Array(wrapped.joined().unicodeScalars).filter { !blanks.contains($0) }
            #expect(kept == shown, "wrap \(text.debugDescription) at \(width): \(wrapped)")
        }
    }
}
