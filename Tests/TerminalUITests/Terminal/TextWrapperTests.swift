import Testing
@testable import TerminalUI

struct TextWrapperTests {
    @Test func wrapsAtWordsByDisplayWidth() {
        #expect(TextWrapper.wrap("the quick brown fox jumps", width: 10) == ["the quick", "brown fox", "jumps"])
        #expect(TextWrapper.wrap("中文 中文字 文", width: 6) == ["中文", "中文字", "文"])
    }

    @Test func keepsHardNewlinesAndEmptyLines() {
        #expect(TextWrapper.wrap("one\n\ntwo", width: 10) == ["one", "", "two"])
        #expect(TextWrapper.wrap("", width: 5) == [""])
    }

    @Test func breaksLongWordsAtGraphemes() {
        #expect(TextWrapper.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrapper.wrap("中文字符号", width: 3) == ["中", "文", "字", "符", "号"])
        // An address breaks after its slashes (AddressWrappingTests), and its end shares a line.
        #expect(TextWrapper.wrap("see https://example.com/a/very/long/path ok", width: 12)
            == ["see", "https://", "example.com/", "a/very/long/", "path ok"])
    }

    @Test func neverProducesALineWiderThanWidth() {
        var random = SeededGenerator(seed: 42)
        let words = ["a", "word", "中文", "😀😀", "longerwordhere", "👨‍👩‍👧", "e\u{301}e\u{301}", "\n"]
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...15, using: &random))
                .map { _ in words.randomElement(using: &random) ?? "a" }.joined(separator: " ")
            let width = Int.random(in: 1...12, using: &random)
            for line in TextWrapper.wrap(text, width: width) {
                #expect(DisplayWidth.of(line) <= width, "\(line) wider than \(width)")
            }
        }
    }

    @Test func zeroWidthGivesNoLines() {
        #expect(TextWrapper.wrap("abc", width: 0) == [])
    }
}
