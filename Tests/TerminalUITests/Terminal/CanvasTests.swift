import Testing
@testable import TerminalUI

struct CanvasTests {
    @Test func putWritesAndReturnsColumns() {
        var canvas = Canvas(width: 10, height: 2)
        #expect(canvas.put("hello", x: 1, y: 0) == 5)
        #expect(canvas.put("中文", x: 0, y: 1, style: .bold) == 4)
        #expect(canvas.text == " hello\n中文")
        #expect(canvas.line(0) == " hello    ")
        #expect(canvas.style(atX: 0, y: 1) == .bold)
        #expect(canvas.cell(atX: 1, y: 1)?.isContinuation == true)
    }

    @Test func clipsAtTheEdgeAndAtMaxWidth() {
        var canvas = Canvas(width: 6, height: 1)
        #expect(canvas.put("abcdefgh", x: 2, y: 0) == 4)
        #expect(canvas.text == "  abcd")
        canvas.clear()
        #expect(canvas.put("abcdefgh", x: 0, y: 0, maxWidth: 3) == 3)
        #expect(canvas.text == "abc")
        #expect(canvas.put("x", x: 0, y: 0, maxWidth: 0) == 0)
    }

    @Test func aWideCharacterThatDoesNotFitLeavesABlank() {
        var canvas = Canvas(width: 5, height: 2)
        #expect(canvas.put("ab中文", x: 0, y: 0) == 5)        // 文 would need columns 4–5
        #expect(canvas.line(0) == "ab中 ")
        #expect(canvas.put("中文字", x: 0, y: 1, maxWidth: 3) == 3)
        #expect(canvas.line(1) == "中   ")
    }

    @Test func negativeXSkipsColumnsWithoutSplittingWideCharacters() {
        var canvas = Canvas(width: 6, height: 1)
        #expect(canvas.put("中文ab", x: -1, y: 0) == 5)       // right half of 中 becomes a blank
        #expect(canvas.line(0) == " 文ab ")
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.put("中文", x: 0, y: 0)
        canvas.put("x", x: 1, y: 0)                           // right half of 中
        #expect(canvas.line(0) == " x文  ")
        canvas.put("y", x: 2, y: 0)                           // left half of 文
        #expect(canvas.line(0) == " xy   ")
        #expect(canvas.cell(atX: 3, y: 0)?.isContinuation == false)
    }

    @Test func controlCharactersNeverReachACell() {
        var canvas = Canvas(width: 20, height: 1)
        let written = canvas.put("a\u{1B}[31mb\tc\nd\r\u{7F}\u{9B}e\u{202E}f", x: 0, y: 0)
        #expect(canvas.text == "a[31mbcdef")
        #expect(written == 10)
    }

    @Test func zeroWidthClustersAreDropped() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.put("\u{200B}a\u{301}b", x: 0, y: 0)
        #expect(canvas.line(0) == "a\u{301}b   ")
    }

    @Test func outOfBoundsWritesAreIgnored() {
        var canvas = Canvas(width: 3, height: 2)
        #expect(canvas.put("abc", x: 0, y: -1) == 0)
        #expect(canvas.put("abc", x: 0, y: 2) == 0)
        #expect(canvas.put("abc", x: 3, y: 0) == 0)
        #expect(canvas.put("abc", x: Int.max, y: 0, maxWidth: Int.max) == 0)
        canvas.fill(x: -5, y: -5, width: 100, height: 100, style: .reverse)
        canvas.drawBox(x: 2, y: 1, width: 10, height: 10)
        #expect(canvas.style(atX: 5, y: 5) == nil)
        #expect(canvas.cell(atX: -1, y: 0) == nil)
        #expect(canvas.line(7) == "")
    }

    @Test func degenerateSizesDoNotCrash() {
        var empty = Canvas(width: 0, height: 0)
        #expect(empty.put("hello", x: 0, y: 0) == 0)
        empty.fill(x: 0, y: 0, width: 3, height: 3)
        empty.drawBox(x: 0, y: 0, width: 3, height: 3, title: "x")
        #expect(empty.text == "")

        var tiny = Canvas(width: 1, height: 1)
        #expect(tiny.put("中", x: 0, y: 0) == 1)               // a blank, not half a character
        #expect(tiny.text == "")
        #expect(tiny.put("ab", x: 0, y: 0) == 1)
        #expect(tiny.text == "a")
        tiny.drawBox(x: 0, y: 0, width: 1, height: 1)
        #expect(tiny.text == "a")

        let negative = Canvas(width: -4, height: -2)
        #expect(negative.width == 0 && negative.height == 0)
    }

    @Test func fillPaintsStyleAndBlanks() {
        var canvas = Canvas(width: 4, height: 3)
        canvas.put("abcd", x: 0, y: 1)
        canvas.fill(x: 1, y: 1, width: 2, height: 5, style: .reverse)
        #expect(canvas.text == "\na  d\n")
        #expect(canvas.style(atX: 1, y: 2) == .reverse)
        #expect(canvas.style(atX: 3, y: 1) == .plain)
    }

    @Test func boxWithTitleSnapshot() {
        var canvas = Canvas(width: 16, height: 4)
        canvas.drawBox(x: 0, y: 0, width: 16, height: 4, title: "Comments\u{1B}[31m")
        canvas.put("中文 ok", x: 1, y: 1)
        #expect(canvas.text == """
        ┌─ Comments ───┐
        │中文 ok       │
        │              │
        └──────────────┘
        """)
    }

    @Test func longBoxTitlesAreTruncated() {
        var canvas = Canvas(width: 8, height: 2)
        canvas.drawBox(x: 0, y: 0, width: 8, height: 2, title: "a very long title")
        #expect(canvas.text == "┌─ a … ┐\n└──────┘")
    }

    @Test func textKeepsTrailingSpacesWhenAsked() {
        var canvas = Canvas(width: 3, height: 2)
        canvas.put("a", x: 0, y: 0)
        #expect(canvas.text(trimmingTrailingSpaces: false) == "a  \n   ")
        #expect(canvas.text == "a\n")
    }

    @Test func canvasesCompareByContent() {
        var a = Canvas(width: 3, height: 1)
        var b = Canvas(width: 3, height: 1)
        #expect(a == b)
        a.put("x", x: 0, y: 0)
        #expect(a != b)
        b.put("x", x: 0, y: 0)
        #expect(a == b)
    }
}
