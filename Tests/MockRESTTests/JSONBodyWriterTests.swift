import Foundation
import Testing
@testable import MockREST

/// ``JSONBodyWriter`` writes what `JSONSerialization` writes (the mock's bodies must not
/// change by going faster): the same bytes for strings of every awkward kind, and the
/// same values for whole answers (dictionary keys may come in another order).
@Suite struct JSONBodyWriterTests {
    private func serialized(_ object: Any) -> Data? {
        try? JSONSerialization.data(withJSONObject: object, options: [])
    }

    @Test(arguments: [
        "plain", "a/b", "quote \" and back\\slash", "tab\there\nnew line\r\u{8}\u{c}", "escape \u{1b}[31m red",
        "nul \u{0} and \u{1f} and \u{7f}", "Zoë Ångström 佐藤 花子 ليلى 🌻 👩‍👩‍👧", "<p>html &amp; entities</p>\n", "",
    ])
    func stringsComeOutByteForByte(_ text: String) {
        #expect(JSONBodyWriter.data([text]) == serialized([text]))
        #expect(JSONBodyWriter.data(["key/\(text)": text]) == serialized(["key/\(text)": text]))
    }

    @Test func scalarsComeOutAsJSONSerializationWritesThem() {
        let values: [Any] = [0, -12, Int.max, Int64(1_795_262_400), true, false, NSNull(), [Any](), [String: Any]()]
        #expect(JSONBodyWriter.data(values) == serialized(values))
    }

    @Test(arguments: [ResponseContext.view, .edit, .embed])
    func renderedCommentsParseToTheSameValues(_ context: ResponseContext) throws {
        let backend = MockBackend(MockConfiguration(seed: 7, siteCount: 1, commentsPerSite: 300), host: "writer.parley")
        let site = try #require(backend.sites.first)
        let caller = Caller(authorization: nil, users: backend.users, isLocked: false)
        let renderer = CommentRenderer(site: site, authors: backend.authors, apiRoot: "http://writer.parley/site-1/wp-json",
                                       version: .newest, caller: caller)
        let page = site.comments.map { renderer.render($0, context: context) }
        let written = try #require(JSONBodyWriter.data(page))
        let viaFoundation = try #require(serialized(page))
        let parsedWritten = try #require(try JSONSerialization.jsonObject(with: written) as? NSArray)
        let parsedFoundation = try #require(try JSONSerialization.jsonObject(with: viaFoundation) as? NSArray)
        #expect(parsedWritten.count == 300 + SeedData.notesAndPingsCount)
        #expect(parsedWritten == parsedFoundation)
        #expect(written.count == viaFoundation.count)
    }

    @Test func whatItDoesNotKnowIsLeftToJSONSerialization() {
        #expect(JSONBodyWriter.data([1.5]) == nil)
        #expect(JSONBodyWriter.data(["a": Optional<Int>.none as Any]) == nil)
        #expect(JSONBodyWriter.data("top-level string") == nil)
        #expect(JSONBody.encode([1.5]) == serialized([1.5]))
    }
}
