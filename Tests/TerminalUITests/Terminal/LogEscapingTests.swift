import Testing
@testable import TerminalUI

/// Issue 17, defect 3: what goes to the log is escaped like the screen is sanitised, so the
/// log keeps what arrived without acting on the terminal that shows it.
struct LogEscapingTests {
    @Test func c1AndBidiControlsAreWrittenAsCodePoints() {
        let escaped = TextSanitizer.escapingControls("a\u{9B}31mb\u{9D}0;t\u{9C}\u{202E}c")
        #expect(escaped == "a<U+009B>31mb<U+009D>0;t<U+009C><U+202E>c")
    }

    @Test func escAndNewlinesAreEscapedSoAnEventStaysOneLine() {
        #expect(TextSanitizer.escapingControls("x\u{1B}[2J\ny\tz\u{7F}") == "x<U+001B>[2J<U+000A>y<U+0009>z<U+007F>")
    }

    @Test func textWithoutControlsIsUnchanged() {
        let text = "Zoë 漢字 👩‍💻 مرحبا \u{200F}"
        #expect(TextSanitizer.escapingControls(text) == text)
    }
}
