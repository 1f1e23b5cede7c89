import FluxTesting
import Foundation
import Testing
import MockREST
@testable import CommentsKit

/// A page's comments made text in the request's task (``CommentPage/withPlainTexts``, off
/// the main actor) merge into exactly what converting them in the merge gives; the texts
/// are not recorded with the page.
@Suite struct PagePlainTextsTests {
    /// Three pages of a mock site (its texts include the hostile ones: markup, entities,
    /// control characters, emoji), as the client reads them.
    private func pages() async throws -> [CommentPage] {
        let server = MockServer(MockConfiguration(seed: 5, siteCount: 1, commentsPerSite: 300))
        let site = try #require(server.sites.first)
        let client = try WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
        var pages: [CommentPage] = []
        for page in 1...3 {
            pages.append(try await client.list(CommentListRequest(statuses: Set(CommentStatus.allCases), page: page, perPage: 100)))
        }
        return pages
    }

    @Test func mergingTheTextsMadeBeforehandEqualsConvertingInTheMerge() async throws {
        var converted = SiteComments(), given = SiteComments()
        for page in try await pages() {
            let withTexts = page.withPlainTexts
            #expect(withTexts.plainTexts?.count == page.comments.count)
            converted.merge(page.comments)
            given.merge(withTexts.comments, plainTexts: withTexts.plainTexts)
        }
        #expect(given.count == converted.count && given.count > 250)
        #expect(given.allEntries == converted.allEntries)
        // Once more, as a refresh brings them: the updates take the texts too.
        let again = try await pages()
        for page in again { given.merge(page.comments, plainTexts: page.withPlainTexts.plainTexts) }
        #expect(given.allEntries == converted.allEntries)
    }

    @Test func textsThatDoNotMatchTheCommentsAreIgnored() async throws {
        let page = try #require(try await pages().first)
        var converted = SiteComments(), given = SiteComments()
        converted.merge(page.comments)
        given.merge(page.comments, plainTexts: ["too few"])
        #expect(given.allEntries == converted.allEntries)
    }

    @Test func aRecordedPageLeavesTheTextsOut() async throws {
        let page = try #require(try await pages().first).withPlainTexts
        let decoded = try JSONDecoder().decode(CommentPage.self, from: try JSONEncoder().encode(page))
        #expect(decoded.plainTexts == nil)
        #expect(decoded.comments == page.comments && decoded.total == page.total && decoded.totalPages == page.totalPages)
    }
}
