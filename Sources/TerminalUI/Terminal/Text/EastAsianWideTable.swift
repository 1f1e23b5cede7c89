/// The East Asian Width property's Wide (W) and Fullwidth (F) ranges that are not emoji.
///
/// Swift's `Unicode.Scalar.Properties` does not expose East Asian Width, and the C
/// library's `wcwidth` depends on the process locale, so parley carries this compact
/// table itself (from Unicode 15.1 `EastAsianWidth.txt`, merged into runs). Emoji are
/// left out on purpose: `Unicode.Scalar.Properties.isEmojiPresentation` covers them
/// exactly. Combining marks inside these ranges (e.g. U+3099) are caught earlier by the
/// general-category check, so the ranges can be coarse.
enum EastAsianWideTable {
    /// Sorted, non-overlapping closed ranges of scalar values.
    static let ranges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,   // Hangul Jamo initial consonants
        0x2329...0x232A,   // angle brackets
        0x2E80...0x303E,   // CJK radicals, Kangxi, ideographic description, CJK symbols & punctuation
        0x3041...0x33FF,   // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, CJK strokes, enclosed, compatibility
        0x3400...0x4DBF,   // CJK Unified Ideographs Extension A
        0x4DC0...0x4DFF,   // Yijing hexagram symbols
        0x4E00...0x9FFF,   // CJK Unified Ideographs
        0xA000...0xA4CF,   // Yi syllables and radicals
        0xA960...0xA97F,   // Hangul Jamo Extended-A
        0xAC00...0xD7A3,   // Hangul syllables
        0xF900...0xFAFF,   // CJK compatibility ideographs
        0xFE10...0xFE19,   // vertical forms
        0xFE30...0xFE6F,   // CJK compatibility forms, small form variants
        0xFF00...0xFF60,   // fullwidth ASCII variants
        0xFFE0...0xFFE6,   // fullwidth signs
        0x16FE0...0x16FE4, // ideographic symbols and punctuation
        0x16FF0...0x16FF1,
        0x17000...0x18CFF, // Tangut, Khitan
        0x18D00...0x18D08,
        0x1AFF0...0x1B2FF, // Kana extended, small Kana, Nushu
        0x1F200...0x1F202, // enclosed ideographic supplement
        0x1F210...0x1F23B,
        0x1F240...0x1F248,
        0x1F250...0x1F251,
        0x1F260...0x1F265,
        0x20000...0x2FFFD, // CJK extensions B–F, compatibility supplement
        0x30000...0x3FFFD, // CJK extensions G–H
    ]

    /// Whether the scalar value is East Asian Wide or Fullwidth (binary search).
    static func contains(_ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = ranges[mid]
            if value < range.lowerBound {
                high = mid - 1
            } else if value > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
