import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import CommentsKit
import MockREST

@Suite struct ContractTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    @Test func viewListDecodesWithMetaAsArrayOrObject() throws {
        let comments = try decode([CommentsKit.Comment].self, WordPressFixtures.viewList)
        #expect(comments.count == 2)
        let first = comments[0]
        #expect(first.id == 1042 && first.post == 88 && first.parent == 0 && first.author == 0)
        #expect(first.authorName == "Maggie Holloway" && first.authorURL == "https://maggieholloway.example")
        #expect(first.date == Date(timeIntervalSince1970: 1_795_302_485))  // 2026-11-21T23:08:05Z, not the local date
        #expect(first.status == .approved && first.type == "comment" && first.contentRaw == nil)
        #expect(first.link == "https://fieldnotes.example/2026/11/rivers/#comment-1042")
        #expect(HTMLText.plainText(fromHTML: first.contentHTML) == "I’ve tried this & it works… mostly.")
        #expect(comments[1].parent == 1042)
        #expect(HTMLText.plainText(fromHTML: comments[1].contentHTML) == "Glad it helped! See the notes <https://example.com/a?x=1&y=2>.\n\né日本 👩‍💻")
    }

    @Test func editContextHasRaw() throws {
        let comment = try decode(CommentsKit.Comment.self, WordPressFixtures.editComment)
        #expect(comment.contentRaw == "Held for moderation")
        #expect(comment.status == .hold)
    }

    @Test func embedContextFallsBackToDateAndDefaults() throws {
        let comment = try decode(CommentsKit.Comment.self, WordPressFixtures.embedComment)
        #expect(comment.post == 0 && comment.status == .approved)
        #expect(comment.date == WordPressDate.parse("2026-01-02T03:04:05"))
    }

    @Test func forceDeleteAndUsersMeDecode() throws {
        let deleted = try decode(DeletedComment.self, WordPressFixtures.forceDeleted)
        #expect(deleted.deleted && deleted.previous.id == 1044 && deleted.previous.status == .trash)
        let user = try decode(WordPressUser.self, WordPressFixtures.usersMe)
        #expect(user == WordPressUser(id: 1, name: "Site Admin", slug: "admin"))
    }

    @Test func errorBodiesBecomeHTTPErrors() {
        #expect(WordPressErrorBody.error(status: 410, body: Data(WordPressFixtures.alreadyTrashed.utf8))
            == .http(status: 410, code: "rest_already_trashed", message: "The comment has already been trashed."))
        #expect(WordPressErrorBody.error(status: 400, body: Data(WordPressFixtures.invalidParam.utf8))
            == .http(status: 400, code: "rest_invalid_param", message: "Invalid parameter(s): per_page"))
        let html = WordPressErrorBody.error(status: 502, body: Data("<html>Bad Gateway</html>".utf8))
        #expect(html == .http(status: 502, code: nil, message: nil))
        #expect(html.description == "The site answered with HTTP status 502.")
    }

    @Test func missingRequiredFieldNamesIt() {
        do {
            _ = try decode([CommentsKit.Comment].self, WordPressFixtures.missingDate)
            Issue.record("decoded without date_gmt")
        } catch let error as DecodingError {
            let mapped = WordPressClient.decodingError(error, data: Data(), request: "GET /wp/v2/comments")
            guard case .decoding(let field, let detail) = mapped else { Issue.record("\(mapped)"); return }
            #expect(field == "date_gmt")
            #expect(detail.contains("[0].date_gmt"))
            #expect(mapped.description.contains("date_gmt"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        for field in ["id", "content"] {
            let json = WordPressFixtures.editComment.replacingOccurrences(of: "\"\(field)\":", with: "\"x_\(field)\":")
            #expect(throws: DecodingError.self) { try decode(CommentsKit.Comment.self, json) }
        }
    }

    @Test func unknownStatusIsAnErrorButPostTrashedIsTrash() throws {
        let trashed = WordPressFixtures.editComment.replacingOccurrences(of: "\"hold\"", with: "\"post-trashed\"")
        #expect(try decode(CommentsKit.Comment.self, trashed).status == .trash)
        let odd = WordPressFixtures.editComment.replacingOccurrences(of: "\"hold\"", with: "\"pending\"")
        #expect(throws: DecodingError.self) { try decode(CommentsKit.Comment.self, odd) }
    }

    /// The mock's own bodies, fetched raw through URLSession, decode with the same decoder.
    @Test func mockResponsesDecodeWithTheClientDecoder() async throws {
        let server = MockServer(MockConfiguration(seed: 5, siteCount: 1, commentsPerSite: 200))
        let session = URLSession(configuration: server.sessionConfiguration())
        defer { session.finishTasksAndInvalidate() }
        let base = server.sites[0].restBase.absoluteString
        for context in ["view", "edit", "embed"] {
            let url = try #require(URL(string: base + "/wp/v2/comments?per_page=100&status=any&context=\(context)"))
            let (data, _) = try await session.data(from: url)
            let comments = try JSONDecoder().decode([CommentsKit.Comment].self, from: data)
            #expect(comments.count == 100)
            if context == "edit" { #expect(comments.allSatisfy { $0.contentRaw != nil }) }
        }
        let snapshot = try #require(server.comments(site: "site-1"))
        let url = try #require(URL(string: base + "/wp/v2/comments?per_page=100&status=any&type=all&order=asc&context=edit"))
        let (data, _) = try await session.data(from: url)
        let decoded = try JSONDecoder().decode([CommentsKit.Comment].self, from: data)
        for (comment, truth) in zip(decoded, snapshot) {
            #expect(comment.id == truth.id && comment.post == truth.post && comment.parent == truth.parent)
            #expect(comment.date == truth.date && comment.contentRaw == truth.content)
            #expect(comment.status.rawValue == truth.status.rawValue && comment.type == truth.type)
            #expect(comment.authorName == truth.authorName)
        }
    }
}
