/// Word wrapping by display width.
public enum TextWrapper {
    /// Wraps `text` into lines of at most `width` columns.
    ///
    /// Hard newlines are kept (an empty line stays an empty line). Lines break at spaces
    /// and tabs, which are dropped at the break; a word wider than `width` is broken at
    /// grapheme boundaries. No line is ever wider than `width`; a grapheme wider than the
    /// whole width (a CJK character at width 1) is dropped rather than overflow.
    /// The text should already be sanitised; controls count as zero width here.
    /// `width <= 0` yields no lines.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            wrapParagraph(Substring(paragraph), width: width, into: &lines)
        }
        return lines
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
            // A word longer than the line: break it at grapheme boundaries.
            for character in word {
                let w = DisplayWidth.of(character)
                if w > width { continue }
                if lineWidth + w > width { flush() }
                line.append(character)
                lineWidth += w
            }
        }
        if !line.isEmpty || !produced {
            lines.append(line)
        }
    }
}
