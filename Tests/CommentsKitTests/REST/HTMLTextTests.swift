import Foundation
import Testing
@testable import CommentsKit

@Suite struct HTMLTextTests {
    private func text(_ html: String) -> String {
        HTMLText.plainText(fromHTML: html)
    }

    @Test func paragraphsLeaveOneBlankLineAndTrim() {
        #expect(text("<p>One</p>\n<p>Two</p>\n") == "One\n\nTwo")
        #expect(text("\n\n<p>  padded  </p>\n\n") == "padded")
        #expect(text("<p>a</p><p></p><p></p><p>b</p>") == "a\n\nb")
    }

    @Test func lineBreaksDivsAndListItems() {
        #expect(text("<p>line one<br />\nline two</p>") == "line one\nline two")
        #expect(text("a<br><br>b") == "a\n\nb")
        #expect(text("a<br><br><br><br>b") == "a\n\nb")
        #expect(text("<div>x</div><div>y</div>") == "x\ny")
        #expect(text("<ul><li>one</li><li>two</li></ul><p>after</p>") == "one\ntwo\n\nafter")
        #expect(text("<blockquote><p>quoted</p></blockquote>\n<p>reply</p>") == "quoted\n\nreply")
        #expect(text("<BR>upper<P>case") == "upper\n\ncase")
    }

    @Test func otherTagsAreDroppedAndWhitespaceCollapses() {
        #expect(text("<p>The <em>original</em> recipe, <strong>twice</strong>.</p>") == "The original recipe, twice.")
        #expect(text("a  \t\n  b") == "a b")
        #expect(text("<span title=\"a > b\">quoted attr</span>") == "quoted attr")
        #expect(text("<!-- a comment -->visible") == "visible")
    }

    @Test func namedEntities() {
        #expect(text("&amp; &lt; &gt; &quot; &#039; &apos;") == "& < > \" ' '")
        #expect(text("&#8217;&#8220;&#8221;&#8216;&hellip;&ndash;&mdash;") == "’“”‘…–—")
        #expect(text("a&nbsp;b") == "a\u{A0}b")
        #expect(text("&eacute;&Uuml;&szlig;&copy;&euro;&trade;&rarr;&alpha;") == "éÜß©€™→α")
        #expect(text("&rsquo;&lsquo;&ldquo;&rdquo;&laquo;&raquo;&bull;&middot;") == "’‘“”«»•·")
    }

    @Test func numericEntities() {
        #expect(text("&#65;&#x42;&#X43;&#x1F600;") == "ABC😀")
        #expect(text("&#0;") == "\u{FFFD}")
        #expect(text("&#xD800;") == "\u{FFFD}")
        #expect(text("&#x110000;") == "\u{FFFD}")
        #expect(text("&#99999999999;") == "\u{FFFD}")
        #expect(text("&#150;&#8364;") == "–€")  // C1 references mean Windows-1252
    }

    @Test func unknownOrBrokenEntitiesStayAsWritten() {
        #expect(text("&bogus; &amp &#; &#xZZ; & alone") == "&bogus; &amp &#; &#xZZ; & alone")
        #expect(text("AT&T") == "AT&T")
    }

    @Test func linksKeepTheirURLVisible() {
        #expect(text("<a href=\"https://example.com/x\">my notes</a>") == "my notes <https://example.com/x>")
        #expect(text("<a href=\"https://example.com/x\">https://example.com/x</a>") == "https://example.com/x")
        #expect(text("See <a href='https://a.example/?q=1&amp;r=2' rel=\"nofollow ugc\">this</a>.") == "See this <https://a.example/?q=1&r=2>.")
        #expect(text("<a href=\"https://e.example\"></a>") == "https://e.example")
        #expect(text("<a name=\"top\">anchor</a>") == "anchor")
        #expect(text("<p><a href=\"u\">text</a></p><p>next</p>") == "text <u>\n\nnext")
    }

    @Test func strayAngleBracketsAreText() {
        #expect(text("5 < 6 and 7 > 3") == "5 < 6 and 7 > 3")
        #expect(text("<3 you") == "<3 you")
        #expect(text("unclosed <b tag") == "unclosed <b tag")
    }

    @Test func controlCharactersPassThroughForTheTerminalLayer() {
        #expect(text("<p>a\u{1B}[2Jb</p>") == "a\u{1B}[2Jb")
        #expect(text("x&#27;y") == "x\u{1B}y")
        #expect(text("\u{202E}abc") == "\u{202E}abc")
    }

    @Test func nonASCIIIsUntouched() {
        let sample = "<p>Zoë 日本語 👨‍👩‍👧‍👦 🇫🇷 مرحبا שלום</p>"
        #expect(text(sample) == "Zoë 日本語 👨‍👩‍👧‍👦 🇫🇷 مرحبا שלום")
    }

    // Large and pathological inputs convert without blowing up (timing is `make bench`'s).
    @Test func largeAndHostileInputs() {
        let long = String(repeating: "<p>Paragraph with &amp; entities &#8217; and <a href=\"https://x.example\">links</a>.</p>\n", count: 20_000)
        let unclosed = String(repeating: "<a ", count: 50_000)
        let ampersands = String(repeating: "&", count: 100_000)
        #expect(text(long).hasPrefix("Paragraph with & entities ’ and links <https://x.example>."))
        #expect(text(ampersands).count == ampersands.count)
        #expect(text(unclosed).count == unclosed.count - 1)  // only the trailing space is trimmed
    }
}
