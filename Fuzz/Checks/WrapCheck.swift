import TerminalUI

/// Truncating, padding and wrapping agree with plain versions that walk an array of
/// characters (each measured by ``DisplayWidth/of(_:)-(Character)``): the longest prefix
/// that fits, with "…" when something was cut; spaces up to the width; a greedy wrap when
/// every word fits the line, and for any text, lines that fit and keep every character
/// but the breaking spaces and a grapheme wider than the line.
///
/// The input's first byte gives the width (−2…61), the rest is the text (UTF-8, invalid
/// bytes as U+FFFD), sanitised for the wrap as the views sanitise it.
enum WrapCheck {
    static func run(_ input: [UInt8]) throws(FuzzViolation) {
        let width = Int(input.first ?? 0) % 64 - 2
        let text = String(decoding: input.dropFirst(), as: UTF8.self)
        let shown = TerminalSafety.show(text)
        let characters = Array(text)

        let truncated = DisplayWidth.truncate(text, toWidth: width)
        try require(same(truncated, plainTruncate(characters, width)), "truncate(\(shown), \(width)) is \(TerminalSafety.show(truncated))")
        var padded = text
        while DisplayWidth.of(padded) < width { padded += " " }
        try require(same(DisplayWidth.pad(text, toWidth: width), padded), "pad(\(shown), \(width)) is not \(TerminalSafety.show(padded))")

        let clean = TextSanitizer.sanitize(text)
        let wrapped = TextWrapper.wrap(clean, width: width)
        guard width > 0 else { return try require(wrapped.isEmpty, "wrap(\(shown), \(width)) made lines") }
        let words = clean.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        if words.allSatisfy({ columns(of: $0) <= width }) {
            let greedy = greedyWrap(clean, width: width)
            try require(wrapped.count == greedy.count && zip(wrapped, greedy).allSatisfy { same($0, $1) },
                        "wrap(\(shown), \(width)) is \(wrapped.map(TerminalSafety.show)), not \(greedy.map(TerminalSafety.show))")
        }
        for line in wrapped where columns(of: line) > width {
            throw FuzzViolation("wrap(\(shown), \(width)) made \(TerminalSafety.show(line))")
        }
        // Scalar by scalar, blanks left out: the space between two words joins a combining
        // mark or ZWJ that started the second into one cluster, which shows the same.
        let blanks: Set<Unicode.Scalar> = [" ", "\t", "\n"]
        let kept = Array(clean.filter { DisplayWidth.of($0) <= width }.unicodeScalars).filter { !blanks.contains($0) }
        let shownScalars = Array(wrapped.joined().unicodeScalars).filter { !blanks.contains($0) }
        try require(kept == shownScalars, "wrap(\(shown), \(width)) lost or added characters")
    }

    static func same(_ a: String, _ b: String) -> Bool { a.unicodeScalars.elementsEqual(b.unicodeScalars) }

    static func columns(of characters: some Sequence<Character>) -> Int {
        characters.reduce(0) { $0 + DisplayWidth.of($1) }
    }

    /// The longest prefix of `characters` at most `budget` wide.
    static func prefix(_ characters: [Character], fitting budget: Int) -> String {
        var used = 0, end = 0
        while end < characters.count, used + DisplayWidth.of(characters[end]) <= budget {
            used += DisplayWidth.of(characters[end])
            end += 1
        }
        return String(characters[..<end])
    }

    static func plainTruncate(_ characters: [Character], _ width: Int) -> String {
        guard width > 0 else { return "" }
        guard columns(of: characters) > width else { return String(characters) }
        let ellipsis = DisplayWidth.of("…" as Character)
        return ellipsis <= width ? prefix(characters, fitting: width - ellipsis) + "…" : prefix(characters, fitting: width)
    }

    /// Words between spaces and tabs, one space between words on a line, each line as full
    /// as it can be; hard line breaks kept.
    static func greedyWrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line: [Character] = []
            var produced = false
            for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                let candidate = line.isEmpty ? Array(word) : line + [" "] + Array(word)
                if columns(of: candidate) <= width {
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
}
