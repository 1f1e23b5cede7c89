import Foundation
import Testing
@testable import CommentsKit
import MockREST

@Suite struct ClientAuthTests {
    @Test func anonymousWriteGetsWordPressMessage() async throws {
        let harness = try Harness(credentials: moderatorAccount)
        let comment = try #require(harness.first(.approved))
        let reply = await Harness.error { () async throws(CommentsError) in try await harness.client.reply(post: comment.post, parent: comment.id, content: "hi") }
        #expect(reply == .http(status: 401, code: "rest_comment_login_required", message: "Sorry, you must be logged in to comment."))
        #expect(reply?.description == "Sorry, you must be logged in to comment.")
        let trash = await Harness.error { () async throws(CommentsError) in try await harness.client.trash(id: comment.id) }
        #expect(trash == .http(status: 401, code: "rest_cannot_delete", message: "Sorry, you are not allowed to delete this comment."))
        let moderate = await Harness.error { () async throws(CommentsError) in try await harness.client.updateStatus(id: comment.id, to: .spam) }
        #expect(moderate.map { if case .http(401, "rest_cannot_edit", _) = $0 { true } else { false } } == true)
        let held = await Harness.error { () async throws(CommentsError) in try await harness.client.list(CommentListRequest(statuses: [.hold])) }
        #expect(held.map { if case .http(401, "rest_forbidden_param", _) = $0 { true } else { false } } == true)
    }

    @Test func wrongPasswordIsNotLoggedInButReadsStillWork() async throws {
        let harness = try Harness(
            credentials: moderatorAccount, clientCredentials: Credentials(user: "editor", applicationPassword: "nope")
        )
        let error = await Harness.error { () async throws(CommentsError) in try await harness.client.currentUser() }
        #expect(error == .notLoggedIn)
        #expect(error?.description == "The site did not accept the user name and application password.")
        #expect(try await harness.client.list(CommentListRequest(perPage: 2)).comments.count == 2)
        #expect(harness.server.requestCount(.usersMe) == 1)  // a 401 is not retried
    }

    @Test func rightPasswordModerates() async throws {
        let harness = try Harness(
            credentials: moderatorAccount,
            clientCredentials: Credentials(user: "editor", applicationPassword: "abcdefghijklmnop")
        )
        #expect(try await harness.client.currentUser().name == "editor")
        let held = try #require(harness.first(.hold))
        #expect(try await harness.client.updateStatus(id: held.id, to: .approve).status == .approved)
        let comment = try await harness.client.comment(id: held.id)
        #expect(comment.contentRaw != nil)
    }

    @Test func credentialsOverPlainHTTPAreRefusedExceptLocally() throws {
        let credentials = Credentials(user: "a", applicationPassword: "b")
        let insecure = try #require(URL(string: "http://example.com/wp-json"))
        #expect(throws: CommentsError.insecureCredentials(host: "example.com")) {
            try WordPressClient(restBase: insecure, credentials: credentials)
        }
        for safe in [
            "https://example.com/wp-json", "http://localhost:8080/wp-json", "http://127.0.0.1/wp-json",
            "http://127.3.4.5/wp-json", "http://[::1]:8888/wp-json", "http://mock.parley/site-1/wp-json",
            "http://s4.mock.parley/site-1/wp-json", "http://blog.localhost/wp-json",
        ] {
            let url = try #require(URL(string: safe))
            #expect(throws: Never.self) { try WordPressClient(restBase: url, credentials: credentials) }
        }
        for unsafe in ["http://128.0.0.1/wp-json", "http://parley.example.com/wp-json", "http://localhost.evil.com/wp-json"] {
            let url = try #require(URL(string: unsafe))
            #expect(throws: CommentsError.self) { try WordPressClient(restBase: url, credentials: credentials) }
        }
        #expect(throws: Never.self) { try WordPressClient(restBase: insecure) }  // no password, nothing to leak
        #expect(CommentsError.insecureCredentials(host: "example.com").description.contains("example.com"))
    }

    @Test func basicAuthorizationHeader() {
        let header = Credentials(user: "editor", applicationPassword: "abcd efgh").authorizationHeader
        #expect(header == "Basic " + Data("editor:abcd efgh".utf8).base64EncodedString())
    }
}
