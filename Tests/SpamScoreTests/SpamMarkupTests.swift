import Testing
@testable import SpamScore

/// What a comment's markup shows a reader, and the links it carries or hides.
@Suite struct SpamMarkupTests {
    @Test func anchorsBareAddressesAndBBCodeAreAllLinks() {
        let markup = SpamMarkup(html: #"<p>Buy <a href="https://www.Pills.example/buy">here</a> or at cheap.example/now, [url=http://casino.example]win[/url]</p>"#)
        #expect(markup.visibleText == " Buy here or at cheap.example/now, [url=http://casino.example]win[/url] ")
        #expect(markup.links == ["https://www.Pills.example/buy", "http://casino.example", "cheap.example/now"])
        #expect(markup.domains == ["pills.example", "casino.example", "cheap.example"])
        #expect(markup.bbcodeLinks == 1)
        #expect(markup.hiddenLinks.isEmpty)
    }

    @Test func linksAReaderCannotSeeAreHidden() {
        let markup = SpamMarkup(html: #"Nice post<a href="http://a.example"></a><a style="display: none" href="http://b.example">x</a><a href="http://c.example">shown</a>"#)
        #expect(markup.hiddenLinks == ["http://a.example", "http://b.example"])
        #expect(markup.visibleText == "Nice postxshown")
    }

    @Test func entitiesAreDecodedAndSentencesAreNotDomains() {
        let markup = SpamMarkup(html: "Tom &amp; Jerry said so. e.g. this is fine.<br />Really!")
        #expect(markup.visibleText == "Tom & Jerry said so. e.g. this is fine. Really!")
        #expect(markup.links.isEmpty)
    }

    @Test func theDomainOfALinkDropsSchemeWwwPathAndPort() {
        #expect(SpamMarkup.domain(of: "HTTPS://WWW.Example.COM:8080/a?b") == "example.com")
        #expect(SpamMarkup.domain(of: "youtu.be/abc") == "youtu.be")
        #expect(SpamMarkup.domain(of: "http://localhost/") == nil)
    }
}
