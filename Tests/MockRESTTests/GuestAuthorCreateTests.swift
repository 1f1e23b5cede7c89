import Foundation
import Testing
@testable import MockREST

/// A moderator may create a comment in a guest's name, as WordPress allows: `author_name`,
/// `author_email`, `author_url` and `author_ip` are stored and answered back (the injection
/// end-to-end test posts hostile authors this way).
@Suite struct GuestAuthorCreateTests {
    @Test func moderatorCreatesACommentInAGuestsName() throws {
        let server = smallServer()
        let post = try #require(server.comments(site: "site-1")?.first).post
        let created = server.call("POST", "/wp/v2/comments", json: [
            "post": post, "content": "hi", "author_name": "Evil \u{1B}]52;c;x\u{07}",
            "author_email": "evil@example.com", "author_url": "http://evil.example/\u{202E}", "author_ip": "192.0.2.66",
        ])
        #expect(created.status == 201)
        #expect(created.object["author"] as? Int == 0)
        #expect(created.object["author_name"] as? String == "Evil \u{1B}]52;c;x\u{07}")
        #expect(created.object["author_email"] as? String == "evil@example.com")
        #expect(created.object["author_url"] as? String == "http://evil.example/\u{202E}")
        #expect(created.object["author_ip"] as? String == "192.0.2.66")
        let id = try #require(created.object["id"] as? Int)
        let stored = try #require(server.comment(site: "site-1", id: id))
        #expect(stored.authorName == "Evil \u{1B}]52;c;x\u{07}")
        #expect(stored.authorURL == "http://evil.example/\u{202E}")
    }

    @Test func withoutAuthorFieldsTheCommentIsTheCallers() throws {
        let server = smallServer()
        let post = try #require(server.comments(site: "site-1")?.first).post
        let created = server.call("POST", "/wp/v2/comments", json: ["post": post, "content": "mine"])
        #expect(created.status == 201)
        #expect(created.object["author"] as? Int == 1)
    }
}
