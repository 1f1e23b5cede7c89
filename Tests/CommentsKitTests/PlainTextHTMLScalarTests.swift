import Testing
@testable import CommentsKit

/// Issue 17, defect 1's trap elsewhere: Foundation's substring search and `Character`
/// comparisons see a newline or `&` followed by a combining mark as one composed sequence.
struct PlainTextHTMLScalarTests {
    @Test func aLineStartingWithACombiningMarkStillGetsItsBreak() {
        #expect(PlainTextHTML.html(fromPlainText: "a\n\u{301}b") == "<p>a<br />\n\u{301}b</p>\n")
    }

    @Test func markupFollowedByACombiningMarkIsStillEscaped() {
        #expect(PlainTextHTML.html(fromPlainText: "<\u{301}b>&\u{301}\"\u{301}") == "<p>&lt;\u{301}b&gt;&amp;\u{301}&quot;\u{301}</p>\n")
    }

    @Test func paragraphsAndLineBreaksAreAsBefore() {
        #expect(PlainTextHTML.html(fromPlainText: "one\r\ntwo\n\n\nthree & <four>") == "<p>one<br />\ntwo</p>\n<p>three &amp; &lt;four&gt;</p>\n")
        #expect(PlainTextHTML.html(fromPlainText: "\n\n  \n") == "")
    }
}
