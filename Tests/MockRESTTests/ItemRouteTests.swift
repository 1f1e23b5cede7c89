import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import MockREST

@Suite struct ItemRouteTests {
    let server = smallServer()

    private func first(_ status: MockCommentStatus) throws -> MockComment {
        try #require(server.comments(site: "site-1")?.first { $0.status == status })
    }

    @Test func getOneAndUnknownID() throws {
        let comment = try first(.approved)
        let response = server.call("GET", "/wp/v2/comments/\(comment.id)")
        #expect(response.status == 200)
        #expect(response.object["id"] as? Int == comment.id)
        #expect(response.object["author_name"] as? String == comment.authorName)
        let missing = server.call("GET", "/wp/v2/comments/99999")
        #expect(missing.status == 404)
        #expect(missing.code == "rest_comment_invalid_id")
        #expect((missing.object["data"] as? [String: Any])?["status"] as? Int == 404)
    }

    @Test func commentJSONHasWordPressShape() throws {
        let comment = try first(.approved)
        let json = server.call("GET", "/wp/v2/comments/\(comment.id)").object
        let dateGMT = try #require(json["date_gmt"] as? String)
        #expect(dateGMT.count == 19 && !dateGMT.hasSuffix("Z"))
        #expect(dateGMT == GMTTime.format(Int64(comment.date.timeIntervalSince1970)))
        #expect(json["date"] as? String != dateGMT)  // site-1 is one hour east of UTC
        let rendered = try #require((json["content"] as? [String: Any])?["rendered"] as? String)
        #expect(rendered.hasPrefix("<p>") || rendered.hasPrefix("<blockquote>"))
        #expect(rendered.hasSuffix("</p>\n") || rendered.hasSuffix("</blockquote>\n"))
        #expect(Set((json["author_avatar_urls"] as? [String: String])?.keys ?? [:].keys) == ["24", "48", "96"])
        let links = try #require(json["_links"] as? [String: Any])
        #expect(links["self"] != nil && links["collection"] != nil && links["up"] != nil)
        #expect((json["link"] as? String)?.contains("#comment-\(comment.id)") == true)
        #expect(json["type"] as? String == "comment")
        #expect(String(decoding: server.call("GET", "/wp/v2/comments/\(comment.id)").body, as: UTF8.self).contains("\"meta\":{\"_wp_note_status\":null}"))
    }

    @Test func texturizedEntitiesAppearInRenderedContent() {
        let bodies = server.call("GET", "/wp/v2/comments?per_page=100&status=any").array.compactMap {
            ($0["content"] as? [String: Any])?["rendered"] as? String
        }.joined()
        #expect(bodies.contains("&#8217;"))
        #expect(bodies.contains("<a href="))
    }

    @Test func createReplyIsApprovedWithLocationAndEditContext() throws {
        let parent = try first(.approved)
        let response = server.call("POST", "/wp/v2/comments", json: ["post": parent.post, "parent": parent.id, "content": "Thanks, I'll fix it."])
        #expect(response.status == 201)
        let id = try #require(response.object["id"] as? Int)
        #expect(response.header("Location") == server.sites[0].restBase.absoluteString + "/wp/v2/comments/\(id)")
        #expect(response.object["status"] as? String == "approved")
        #expect(response.object["parent"] as? Int == parent.id)
        #expect((response.object["content"] as? [String: Any])?["raw"] as? String == "Thanks, I'll fix it.")
        #expect(((response.object["content"] as? [String: Any])?["rendered"] as? String) == "<p>Thanks, I&#8217;ll fix it.</p>\n")
        let stored = try #require(server.comment(site: "site-1", id: id))
        #expect(stored.author == 1 && stored.authorName == "admin")
        let newest = server.call("GET", "/wp/v2/comments?per_page=1")
        #expect(newest.ids == [id])
    }

    @Test func createRejectsMissingPostEmptyContentAndDuplicates() throws {
        let post = try #require(server.posts(site: "site-1").first).id
        #expect(server.call("POST", "/wp/v2/comments", json: ["content": "hi"]).status == 403)
        #expect(server.call("POST", "/wp/v2/comments", json: ["content": "hi"]).code == "rest_comment_invalid_post_id")
        #expect(server.call("POST", "/wp/v2/comments", json: ["post": 424242, "content": "hi"]).code == "rest_comment_invalid_post_id")
        let empty = server.call("POST", "/wp/v2/comments", json: ["post": post, "content": "  \n"])
        #expect(empty.status == 400 && empty.code == "rest_comment_content_invalid")
        #expect(server.call("POST", "/wp/v2/comments", json: ["post": post, "content": "Same words"]).status == 201)
        let again = server.call("POST", "/wp/v2/comments", json: ["post": post, "content": "Same words"])
        #expect(again.status == 409 && again.code == "comment_duplicate")
        #expect(server.call("POST", "/wp/v2/comments", json: ["post": post, "content": "Same words", "parent": 0]).status == 409)
    }

    @Test func invalidJSONBody() {
        var request = server.request("POST", "/wp/v2/comments")
        request.httpBody = Data("{\"post\": 1,".utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let response = server.respond(to: request)
        #expect(response.status == 400 && response.code == "rest_invalid_json")
    }

    @Test(arguments: [
        ("approved", MockCommentStatus.approved), ("approve", .approved), ("1", .approved),
        ("hold", .hold), ("0", .hold), ("spam", .spam), ("trash", .trash),
    ])
    func statusSpellings(spelling: String, result: MockCommentStatus) throws {
        let target = try first(result == .hold ? .approved : .hold)
        let response = server.call("POST", "/wp/v2/comments/\(target.id)", json: ["status": spelling])
        #expect(response.status == 200)
        #expect(response.object["status"] as? String == result.rawValue)
        #expect(server.comment(site: "site-1", id: target.id)?.status == result)
    }

    @Test func numericJSONStatusAndPutPatchWork() throws {
        let held = try first(.hold)
        #expect(server.call("PUT", "/wp/v2/comments/\(held.id)", json: ["status": 1]).object["status"] as? String == "approved")
        #expect(server.call("PATCH", "/wp/v2/comments/\(held.id)", json: ["status": "hold"]).object["status"] as? String == "hold")
    }

    @Test func unspamAndUntrashRestoreThePreviousStatus() throws {
        let approved = try first(.approved)
        #expect(server.call("POST", "/wp/v2/comments/\(approved.id)", json: ["status": "spam"]).object["status"] as? String == "spam")
        #expect(server.call("POST", "/wp/v2/comments/\(approved.id)", json: ["status": "unspam"]).object["status"] as? String == "approved")
        let held = try first(.hold)
        #expect(server.call("DELETE", "/wp/v2/comments/\(held.id)").object["status"] as? String == "trash")
        #expect(server.call("POST", "/wp/v2/comments/\(held.id)", json: ["status": "untrash"]).object["status"] as? String == "hold")
    }

    @Test func unknownOrUnchangedStatusChangesNothing() throws {
        let approved = try first(.approved)
        for value in ["approved", "publish", "untrash", "unspam"] {
            let response = server.call("POST", "/wp/v2/comments/\(approved.id)", json: ["status": value])
            #expect(response.status == 200)
            #expect(response.object["status"] as? String == "approved")
        }
    }

    @Test func contentUpdate() throws {
        let comment = try first(.approved)
        let response = server.call("POST", "/wp/v2/comments/\(comment.id)", json: ["content": "Edited & better"])
        #expect(response.status == 200)
        #expect((response.object["content"] as? [String: Any])?["rendered"] as? String == "<p>Edited &#038; better</p>\n")
        #expect(server.comment(site: "site-1", id: comment.id)?.content == "Edited & better")
        #expect(server.call("POST", "/wp/v2/comments/\(comment.id)", json: ["content": ""]).code == "rest_comment_content_invalid")
        #expect(server.call("POST", "/wp/v2/comments/99999", json: ["content": "x"]).code == "rest_comment_invalid_id")
    }

    @Test func deleteTrashesThenRefusesAgain() throws {
        let comment = try first(.approved)
        let trashed = server.call("DELETE", "/wp/v2/comments/\(comment.id)")
        #expect(trashed.status == 200)
        #expect(trashed.object["status"] as? String == "trash")
        let again = server.call("DELETE", "/wp/v2/comments/\(comment.id)")
        #expect(again.status == 410 && again.code == "rest_already_trashed")
        #expect(again.object["message"] as? String == "The comment has already been trashed.")
    }

    @Test func forceDeleteReturnsPreviousAndMovesRepliesUp() throws {
        let all = try #require(server.comments(site: "site-1"))
        let parent = try #require(all.first { candidate in candidate.parent != 0 && all.contains { $0.parent == candidate.id } })
        let children = all.filter { $0.parent == parent.id }.map(\.id)
        let response = server.call("DELETE", "/wp/v2/comments/\(parent.id)?force=true")
        #expect(response.status == 200)
        #expect(response.object["deleted"] as? Bool == true)
        #expect((response.object["previous"] as? [String: Any])?["id"] as? Int == parent.id)
        #expect(server.comment(site: "site-1", id: parent.id) == nil)
        for child in children {
            #expect(server.comment(site: "site-1", id: child)?.parent == parent.parent)
        }
        #expect(server.call("GET", "/wp/v2/comments/\(parent.id)").code == "rest_comment_invalid_id")
        #expect(server.call("DELETE", "/wp/v2/comments/\(parent.id)?force=true").status == 404)
    }

    @Test func wrongMethodOrUnknownRouteIsNoRoute() {
        #expect(server.call("DELETE", "/wp/v2/comments").code == "rest_no_route")
        #expect(server.call("PUT", "/wp/v2/comments").code == "rest_no_route")
        #expect(server.call("POST", "/wp/v2/users/me").code == "rest_no_route")
        #expect(server.call("GET", "/wp/v2/widgets").status == 404)
        #expect(server.call("GET", "/wp/v2/comments/abc").code == "rest_no_route")
    }

    @Test func methodOverrideHeader() throws {
        let comment = try first(.approved)
        var request = server.request("POST", "/wp/v2/comments/\(comment.id)")
        request.setValue("DELETE", forHTTPHeaderField: "X-HTTP-Method-Override")
        #expect(server.respond(to: request).object["status"] as? String == "trash")
    }

    @Test func indexPostsAndUnknownSite() throws {
        let index = server.call("GET", "/")
        #expect(index.status == 200)
        #expect(index.object["name"] as? String == server.sites[0].name)
        #expect((index.object["namespaces"] as? [String])?.contains("wp/v2") == true)
        let post = try #require(server.posts(site: "site-1").first)
        let postJSON = server.call("GET", "/wp/v2/posts/\(post.id)").object
        #expect(postJSON["id"] as? Int == post.id)
        #expect((postJSON["title"] as? [String: Any])?["rendered"] != nil)
        #expect(server.call("GET", "/wp/v2/posts/424242").code == "rest_post_invalid_id")
        var request = URLRequest(url: try #require(URL(string: "http://\(server.sites[0].restBase.host ?? "")/site-99/wp-json/wp/v2/comments")))
        request.httpMethod = "GET"
        #expect(server.respond(to: request).status == 404)
        #expect(server.comments(site: "site-99") == nil)
    }
}
