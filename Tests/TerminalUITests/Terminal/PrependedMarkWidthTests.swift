import Testing
@testable import TerminalUI

/// Issue 17, defect 2: a prepended concatenation mark (U+0600–U+0605) joins whatever follows
/// it into one grapheme, even a padding space; measured by the mark alone that grapheme
/// took no column, so `pad`/`fit` came out one column short and the Canvas dropped it.
struct PrependedMarkWidthTests {
    @Test func fitAfterAPrependedMarkTakesTheWholeWidth() {
        let fitted = DisplayWidth.fit("\u{604}", toWidth: 13)
        #expect(DisplayWidth.of(fitted) == 13)
    }

    @Test func padAfterEachPrependedMarkTakesTheWholeWidth() {
        for value in 0x600...0x605 {
            let mark = String(Unicode.Scalar(UInt32(value))!)
            #expect(DisplayWidth.of(DisplayWidth.pad("Prepend" + mark, toWidth: 12)) == 12, "U+0\(String(value, radix: 16))")
        }
    }

    @Test func aMarkJoinedToADigitTakesTheDigitsColumn() {
        // "\u{600}1" is one grapheme: the number sign spans the digit.
        #expect(DisplayWidth.of(Character("\u{600}1")) == 1)
        #expect(DisplayWidth.of("\u{600}123") == 3)
        #expect(DisplayWidth.of(Character("\u{600}\u{4E00}")) == 2)
    }

    @Test func aLoneMarkStillTakesNoColumn() {
        #expect(DisplayWidth.of("\u{600}") == 0)
    }

    @Test func theDateAfterAPrependedAuthorNameStaysInItsColumn() {
        var canvas = Canvas(width: 20, height: 2)
        canvas.put(DisplayWidth.fit("Prepend\u{600}", toWidth: 10) + "|date", x: 0, y: 0)
        canvas.put(DisplayWidth.fit("Plain", toWidth: 10) + "|date", x: 0, y: 1)
        let rows = canvas.text.split(separator: "\n").map(String.init)
        #expect(rows.count == 2)
        #expect(rows.map { DisplayWidth.of(String($0.prefix(while: { $0 != "|" }))) } == [10, 10])
    }

    @Test func fuzzInputD8D884FitsExactly() {
        // The fuzzer's bytes: U+0604 in UTF-8.
        let text = String(decoding: [0xD8, 0x84] as [UInt8], as: UTF8.self)
        for width in 1...20 {
            #expect(DisplayWidth.of(DisplayWidth.fit(text, toWidth: width)) == width)
        }
    }
}
