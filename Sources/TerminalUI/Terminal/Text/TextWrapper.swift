/// Word wrapping by display width.
package enum TextWrapper {
    /// Wraps `text` into lines of at most `width` columns.
    ///
    /// Hard newlines are kept (an empty line stays an empty line). Lines break at spaces
    /// and tabs, which are dropped at the break; a word wider than `width` (an address,
    /// mostly) is broken as ``breakLongWord(_:width:)`` says: at `/`, `?`, `&` or `#` where
    /// it can, never inside a number when it need not. No line is ever wider than `width`; a grapheme wider than the
    /// whole width (a CJK character at width 1) is dropped rather than overflow.
    /// The text should already be sanitised; controls count as zero width here.
    /// `width <= 0` yields no lines.
    package static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            wrapParagraph(Substring(paragraph), width: width, into: &lines)
        }
        return lines
    }

    /// `text` on one line of `width` columns: whole, or cut after its last word that fits,
    /// with "…" — never inside a word, unless the first word alone is wider than the line.
    package static func truncateAtWord(_ text: String, toWidth width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard width >= 2, let first = wrap(text, width: width - 1).first, !first.isEmpty else {
            return DisplayWidth.truncate(text, toWidth: width)
        }
        return first + "…"
    }

    private static func wrapParagraph(_ paragraph: Substring, width: Int, into lines: inout [String]) {
        var line = ""
        var lineWidth = 0
        var produced = false

        func flush() {
            lines.append(line)
            line = ""
            lineWidth = 0
            produced = true
        }

        for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            let wordWidth = DisplayWidth.of(String(word))
            let separator = line.isEmpty ? 0 : 1
            if lineWidth + separator + wordWidth <= width {
                if separator == 1 { line += " " }
                line += word
                lineWidth += separator + wordWidth
                continue
            }
            if !line.isEmpty { flush() }
            if wordWidth <= width {
                line = String(word)
                lineWidth = wordWidth
                continue
            }
            // A word longer than the line: whole lines of it, and its end starts the next.
            var pieces = breakLongWord(Array(word), width: width)
            let last = pieces.removeLast()
            for piece in pieces {
                line = piece
                flush()
            }
            line = last
            lineWidth = DisplayWidth.of(last)
        }
        if !line.isEmpty || !produced {
            lines.append(line)
        }
    }

    /// Pieces of a word wider than `width`, each at most `width` columns (never empty:
    /// at least `[""]`). Each piece is as long as fits, then cut back to the last place an
    /// address can be read across a line break: after a `/` (not inside `//`) or before a
    /// `?`, `&` or `#`, so `#comment-10199` stays whole. Without one, the cut falls before
    /// a run of digits rather than inside it, and only a word of nothing else is cut at
    /// any grapheme. A grapheme wider than the whole width is dropped.
    static func breakLongWord(_ characters: [Character], width: Int) -> [String] {
        var pieces: [String] = []
        var start = 0
        while start < characters.count {
            var end = start
            var used = 0
            while end < characters.count, used + DisplayWidth.of(characters[end]) <= width {
                used += DisplayWidth.of(characters[end])
                end += 1
            }
            if end == start {
                start += 1  // wider than the line: dropped rather than overflow
                continue
            }
            let cut = end == characters.count ? end : cutPosition(characters, from: start, fitting: end)
            pieces.append(String(characters[start..<cut]))
            start = cut
        }
        return pieces.isEmpty ? [""] : pieces
    }

    /// Where to end a piece that could run from `start` to `end` (exclusive).
    private static func cutPosition(_ characters: [Character], from start: Int, fitting end: Int) -> Int {
        for position in stride(from: end, to: start, by: -1) where isAddressBreak(characters, at: position) {
            return position
        }
        if characters[end - 1].isNumber, characters[end].isNumber {
            var runStart = end - 1
            while runStart > start, characters[runStart - 1].isNumber { runStart -= 1 }
            if runStart > start { return runStart }
        }
        return end
    }

    /// Whether a line may break before `characters[position]`: after a `/` that is not
    /// followed by another, or before `?`, `&`, `#`.
    private static func isAddressBreak(_ characters: [Character], at position: Int) -> Bool {
        let next = characters[position]
        if next == "?" || next == "&" || next == "#" { return true }
        return characters[position - 1] == "/" && next != "/"
    }
}
