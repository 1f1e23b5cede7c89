import Testing
@testable import TerminalUI

/// Long addresses in the detail pane wrap where a reader expects them to — after a `/`,
/// before `?`, `&` or `#` — and never inside a number (`#comment-10199` was once cut into
/// `…#comment-10199` / `99`, which reads as another comment).
struct AddressWrappingTests {
    static let link = "http://mock.parley/site-1/how-we-moved-house-with-two-cats/#comment-10199"

    @Test func aCommentLinkBreaksBeforeItsFragment() {
        #expect(TextWrapper.wrap(Self.link, width: 50)
            == ["http://mock.parley/site-1/", "how-we-moved-house-with-two-cats/#comment-10199"])
        #expect(TextWrapper.wrap(Self.link, width: 40)
            == ["http://mock.parley/site-1/", "how-we-moved-house-with-two-cats/", "#comment-10199"])
    }

    @Test func queryParametersBreakBeforeTheirSeparators() {
        #expect(TextWrapper.wrap("https://example.com/wp-admin/comment.php?action=edit&c=10199", width: 30)
            == ["https://example.com/wp-admin/", "comment.php?action=edit", "&c=10199"])
    }

    @Test func noNumberIsCutWhenItFitsOnALine() {
        // From 14 columns, the longest number here (and "#comment-10199") fits on a line.
        for width in 14...80 {
            let lines = TextWrapper.wrap("see " + Self.link + " and 12345678901234 too", width: width)
            for (line, next) in zip(lines, lines.dropFirst()) {
                let cutsANumber = line.last?.isNumber == true && next.first?.isNumber == true
                #expect(!cutsANumber, "width \(width): \(line) / \(next)")
            }
            #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
            #expect(lines.joined().replacingOccurrences(of: " ", with: "")
                == ("see" + Self.link + "and12345678901234too"), "nothing lost at width \(width)")
        }
    }

    @Test func aWordWithNoPlaceToBreakIsCutAtGraphemes() {
        #expect(TextWrapper.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrapper.wrap("12345678", width: 3) == ["123", "456", "78"])
        #expect(TextWrapper.wrap("ab12345", width: 4) == ["ab", "1234", "5"])
    }
}
