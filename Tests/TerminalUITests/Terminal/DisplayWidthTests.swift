import Testing
import MockREST
@testable import TerminalUI

struct DisplayWidthTests {
    @Test(arguments: [
        ("hello", 5),
        ("", 0),
        ("中文", 4),                       // CJK ideographs
        ("ｶﾀｶﾅ", 4),                       // halfwidth katakana stay narrow
        ("ＡＢ", 4),                       // fullwidth Latin
        ("한국어", 6),                     // Hangul syllables
        ("😀", 2),                         // emoji presentation
        ("👨‍👩‍👧‍👦", 2),                         // ZWJ family: one grapheme
        ("🇯🇵🇫🇷", 4),                       // two flags
        ("❤️", 2),                         // text-default heart forced to emoji by VS16
        ("❤", 1),                          // without VS16 it is narrow
        ("1️⃣", 2),                         // keycap
        ("👍🏽", 2),                         // skin-tone modifier
        ("e\u{301}", 1),                   // e + combining acute
        ("a\u{200B}b", 2),                 // zero-width space
        ("مرحبا", 5),                      // Arabic letters are narrow
        ("tab\there", 7),                  // controls are zero-width
        ("\u{1B}", 0),
        ("\u{85}", 0),                     // C1 control
        ("─│┌", 3),                        // box drawing is narrow
        ("\u{3000}", 2),                   // ideographic space
    ])
    func widths(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test func characterWidthsAreZeroOneOrTwo() {
        #expect(DisplayWidth.of(Character("a")) == 1)
        #expect(DisplayWidth.of(Character("中")) == 2)
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
    }

    @Test func truncationAddsEllipsisOnlyWhenCutting() {
        #expect(DisplayWidth.truncate("hello", toWidth: 5) == "hello")
        #expect(DisplayWidth.truncate("hello world", toWidth: 6) == "hello…")
        #expect(DisplayWidth.truncate("中文字符", toWidth: 5) == "中文…")
        #expect(DisplayWidth.truncate("中文字符", toWidth: 4) == "中…")   // 中 + … = 3, never a half
        #expect(DisplayWidth.truncate("abc", toWidth: 1) == "…")
        #expect(DisplayWidth.truncate("abc", toWidth: 0) == "")
        #expect(DisplayWidth.truncate("abc", toWidth: -3) == "")
        #expect(DisplayWidth.truncate("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", toWidth: 3) == "👨‍👩‍👧‍👦…")
        #expect(DisplayWidth.truncate("abcdef", toWidth: 4, ellipsis: "...") == "a...")
        #expect(DisplayWidth.truncate("abcdef", toWidth: 2, ellipsis: "...") == "ab")
    }

    @Test func padAndFit() {
        #expect(DisplayWidth.pad("中", toWidth: 4) == "中  ")
        #expect(DisplayWidth.pad("toolong", toWidth: 3) == "toolong")
        #expect(DisplayWidth.fit("中文字", toWidth: 5) == "中文…")
        #expect(DisplayWidth.fit("ab", toWidth: 4) == "ab  ")
    }

    /// Property check over many generated strings (fixed seed): truncation never exceeds
    /// the width, never splits a grapheme, and keeps a prefix of the original graphemes.
    @Test func truncationPropertiesHoldForGeneratedStrings() {
        var random = SeededGenerator(seed: 0x5EED)
        let alphabet: [String] = ["a", "Z", " ", "中", "😀", "👨‍👩‍👧", "🇩🇪", "e\u{301}", "❤️", "ﾀ", "م", "\u{200B}", "1️⃣"]
        for _ in 0..<2000 {
            let count = Int.random(in: 0...12, using: &random)
            let text = (0..<count).map { _ in alphabet.randomElement(using: &random) ?? "a" }.joined()
            let width = Int.random(in: 0...14, using: &random)
            let result = DisplayWidth.truncate(text, toWidth: width)
            #expect(DisplayWidth.of(result) <= max(0, width), "\(text) at \(width)")
            let kept = result.hasSuffix("…") && DisplayWidth.of(text) > width ? String(result.dropLast()) : result
            #expect(Array(text).starts(with: Array(kept)), "\(text) → \(result)")
        }
    }
}

extension DisplayWidthTests {
    /// `truncate` walks once and stops early: the same answer as measuring the whole text
    /// and then taking the prefix that fits (what it did before), over generated strings.
    @Test func truncationMatchesMeasureThenCut() {
        func reference(_ s: String, _ width: Int) -> String {
            guard width > 0 else { return "" }
            if DisplayWidth.of(s) <= width { return s }
            let ellipsisWidth = DisplayWidth.of("…")
            let budget = ellipsisWidth <= width ? width - ellipsisWidth : width
            return DisplayWidth.prefix(of: s, fittingIn: budget) + (ellipsisWidth <= width ? "…" : "")
        }
        var random = SeededGenerator(seed: 0x7C_0A7E)
        let alphabet: [String] = ["a", " ", "中", "😀", "👨‍👩‍👧", "🇩🇪", "e\u{301}", "\u{301}", "❤️", "\u{200B}", "1️⃣", "\u{7}"]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...14, using: &random)).map { _ in alphabet.randomElement(using: &random) ?? "a" }.joined()
            let width = Int.random(in: -1...16, using: &random)
            #expect(DisplayWidth.truncate(text, toWidth: width) == reference(text, width), "\(text.debugDescription) at \(width)")
        }
    }
}

/// Property tests repeat exactly: the mock's seeded generator.
typealias SeededGenerator = SplitMix64
