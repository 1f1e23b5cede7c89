/// Display width of text in terminal columns.
///
/// Widths are computed per grapheme cluster (Swift `Character`), from Unicode properties
/// only, so the answer never depends on the C locale:
/// - East Asian Wide/Fullwidth characters and emoji (including ZWJ sequences, flags,
///   keycaps and anything forced to emoji presentation with VS16) take 2 columns;
///   regional indicators have emoji presentation, so flags — and lone indicators — are 2;
/// - combining marks, format characters (ZWJ, bidi marks, soft hyphen…) and controls take
///   0 columns on their own and add nothing to the cluster they belong to;
/// - everything else, including East Asian Ambiguous characters, takes 1 column.
package enum DisplayWidth {
    /// Columns the string occupies.
    package static func of(_ s: String) -> Int {
        var total = 0
        for character in s {
            total += of(character)
        }
        return total
    }

    /// Columns one grapheme cluster occupies: 0, 1 or 2.
    package static func of(_ c: Character) -> Int {
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if c.isASCII {
            // Fast path: "\r\n" is the only multi-scalar ASCII cluster, and it is a control.
            return first.value >= 0x20 && first.value < 0x7F ? 1 : 0
        }
        return clusterWidth(scalars)
    }

    /// The width of a non-ASCII cluster, taken from its base scalar.
    ///
    /// The base is the first scalar, except after prepended concatenation marks
    /// (U+0600–U+0605, U+06DD, U+070F, U+0890–U+0891, U+08E2, U+110BD, U+110CD): those are
    /// format characters that Unicode joins to whatever FOLLOWS them, even a space
    /// ("\u{604} " is one cluster). Measured by the mark alone, such a cluster took 0
    /// columns, so the Canvas dropped it whole — the padding space or the digit in it too.
    private static func clusterWidth(_ scalars: Character.UnicodeScalarView) -> Int {
        guard let first = scalars.first else { return 0 }
        let base = width(of: first)
        if base == 2 || scalars.count == 1 {
            return base
        }
        if base == 0 && first.properties.generalCategory == .format {
            let rest = scalars.drop(while: { $0.properties.generalCategory == .format })
            guard let core = rest.first else { return 0 }
            let coreWidth = width(of: core)
            if coreWidth == 2 || rest.count == 1 { return coreWidth }
            return isEmojiSequence(rest, first: core) ? 2 : coreWidth
        }
        return isEmojiSequence(scalars, first: first) ? 2 : base
    }

    /// Columns one scalar occupies when it starts a cluster.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F {
            return value >= 0x20 ? 1 : 0
        }
        if value < 0xA0 {
            return 0  // DEL and C1 controls
        }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) {
            return 0  // Hangul medial vowels and final consonants join the preceding syllable
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return 0
        default:
            break
        }
        if properties.isEmojiPresentation || EastAsianWideTable.contains(value) {
            return 2
        }
        return 1
    }

    /// Whether a multi-scalar cluster that starts with a narrow scalar renders as emoji:
    /// an emoji base forced to emoji presentation
    /// by VS16 (U+FE0F), as in "❤️" and the keycap "1️⃣", or a ZWJ sequence containing emoji.
    private static func isEmojiSequence(_ scalars: some Collection<Unicode.Scalar>, first: Unicode.Scalar) -> Bool {
        var sawZWJ = false
        var sawEmojiPresentation = false
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F:
                if first.properties.isEmoji { return true }
            case 0x200D:
                sawZWJ = true
            default:
                if scalar.properties.isEmojiPresentation { sawEmojiPresentation = true }
            }
        }
        return sawZWJ && sawEmojiPresentation
    }

    /// The longest prefix of `s` that fits in `width` columns, with `ellipsis` appended when
    /// anything was cut. Never splits a grapheme and never exceeds `width`: at width 0 the
    /// result is empty; when even the ellipsis does not fit, the text is cut without it.
    ///
    /// One walk that stops at the first grapheme past `width`: list excerpts are cut from
    /// texts many times longer than the room they get.
    package static func truncate(_ s: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let ellipsisWidth = of(ellipsis)
        let budget = ellipsisWidth <= width ? width - ellipsisWidth : width
        var used = 0
        var offset = 0          // UTF-8 offset of the end of the graphemes seen so far
        var fittingOffset = 0   // … of the longest prefix that fits in `budget`
        for character in s {
            used += of(character)
            if used > width {
                let end = s.utf8.index(s.startIndex, offsetBy: fittingOffset)
                return String(s[..<end]) + (ellipsisWidth <= width ? ellipsis : "")
            }
            offset += character.utf8.count
            if used <= budget { fittingOffset = offset }
        }
        return s
    }

    /// `s` followed by spaces up to `width` columns. Never truncates: text already wider
    /// than `width` comes back unchanged (use `fit(_:toWidth:)` for both).
    ///
    /// The padded result is measured, not assumed: a text ending in a prepended
    /// concatenation mark takes the first space into its own cluster, which can change
    /// that cluster's width, and one column would be missing.
    package static func pad(_ s: String, toWidth width: Int) -> String {
        let missing = width - of(s)
        guard missing > 0 else { return s }
        let padded = s + String(repeating: " ", count: missing)
        let stillMissing = width - of(padded)
        return stillMissing > 0 ? padded + String(repeating: " ", count: stillMissing) : padded
    }

    /// `s` truncated (with an ellipsis) and padded so it takes exactly `width` columns.
    package static func fit(_ s: String, toWidth width: Int, ellipsis: String = "…") -> String {
        pad(truncate(s, toWidth: width, ellipsis: ellipsis), toWidth: width)
    }

    /// The longest grapheme prefix of `s` whose width is at most `width`.
    static func prefix(of s: String, fittingIn width: Int) -> String {
        var used = 0
        var end = s.startIndex
        for index in s.indices {
            let w = of(s[index])
            if used + w > width { break }
            used += w
            end = s.index(after: index)
        }
        return String(s[..<end])
    }
}
