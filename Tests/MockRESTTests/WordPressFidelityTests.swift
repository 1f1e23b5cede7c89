import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import MockREST

/// Each row of issue 18's table: where the mock answered otherwise than WordPress 6.1, checked
/// against what Debian's WordPress answers (Tests/wordpress/contract.py compares the two live).
@Suite struct WordPressFidelityTests {
    let server = smallServer(comments: 40)
    let locked = smallServer(comments: 40, credentials: moderator)

    /// A request to the mock's first site as reached at `origin` (parley-mock-server passes the
    /// Host header's address, the embedded mock its own host).
    private func request(_ method: String, _ target: String, origin: String = "http://127.0.0.1:8081", json: [String: Any]? = nil) -> MockResponse {
        var request = URLRequest(url: URL(string: origin + "/site-1" + target) ?? server.sites[0].root)
        request.httpMethod = method
        if let json {
            request.httpBody = try? JSONSerialization.data(withJSONObject: json)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return server.respond(to: request)
    }

    private var approved: MockComment {
        get throws { try #require(server.comments(site: "site-1")?.last { $0.status == .approved && $0.type == "comment" }) }
    }

    @Test func linksAndLocationUseTheAddressTheRequestWasSentTo() throws {
        let list = request("GET", "/wp-json/wp/v2/comments?per_page=2")
        #expect(list.header("Link") == "<http://127.0.0.1:8081/site-1/wp-json/wp/v2/comments?per_page=2&page=2>; rel=\"next\"")
        let links = try #require(list.array.first?["_links"] as? [String: Any])
        let selfLink = try #require((links["self"] as? [[String: Any]])?.first?["href"] as? String)
        #expect(selfLink.hasPrefix("http://127.0.0.1:8081/site-1/wp-json/wp/v2/comments/"))
        let created = request("POST", "/wp-json/wp/v2/comments", json: ["post": try approved.post, "content": "Here"])
        #expect(created.status == 201)
        #expect(created.header("Location") == "http://127.0.0.1:8081/site-1/wp-json/wp/v2/comments/\(created.object["id"] as? Int ?? 0)")
        let ipv6 = request("GET", "/wp-json/wp/v2/comments?per_page=2", origin: "http://[::1]:9000")
        #expect(ipv6.header("Link")?.hasPrefix("<http://[::1]:9000/site-1/wp-json/wp/v2/comments?") == true)
    }

    @Test func restRouteStaysInThePageLinksAndIdListsAreSanitised() {
        let routed = request("GET", "/?rest_route=/wp/v2/comments&per_page=2")
        #expect(routed.status == 200)
        #expect(routed.header("Link") == "<http://127.0.0.1:8081/site-1/wp-json/wp/v2/comments?rest_route=%2Fwp%2Fv2%2Fcomments&per_page=2&page=2>; rel=\"next\"")
        let listed = request("GET", "/wp-json/wp/v2/comments?include=3,1,2&orderby=include&per_page=1&page=2")
        #expect(listed.header("Link")?.contains("include%5B0%5D=3&include%5B1%5D=1&include%5B2%5D=2&orderby=include&per_page=1&page=1>; rel=\"prev\"") == true)
    }

    @Test func fieldsKeepOnlyWhatIsNamedOnEveryRoute() throws {
        let comment = try approved
        let list = server.call("GET", "/wp/v2/comments?_fields=id,status")
        #expect(!list.array.isEmpty && list.array.allSatisfy { Set($0.keys) == ["id", "status"] })
        let one = server.call("GET", "/wp/v2/comments/\(comment.id)?_fields=id")
        #expect(Set(one.object.keys) == ["id"])
        // Like WordPress 6.1's comment controller: `content.raw` alone builds no `content`...
        let nested = server.call("GET", "/wp/v2/comments/\(comment.id)?context=edit&_fields=id,content.raw")
        #expect(Set(nested.object.keys) == ["id"])
        // ...while naming `content` and one of its keys keeps what is named below it.
        let both = server.call("GET", "/wp/v2/comments/\(comment.id)?context=edit&_fields=content,content.raw")
        #expect((both.object["content"] as? [String: Any])?["raw"] != nil)
        let me = server.call("GET", "/wp/v2/users/me?_fields=id,name")
        #expect(Set(me.object.keys) == ["id", "name"])
        let index = server.call("GET", "/?_fields=name,gmt_offset")
        #expect(Set(index.object.keys) == ["name", "gmt_offset"], "7.1 adds the index's links only when named")
    }

    @Test func anAdministratorsCreateWithStatusHoldIsHeld() throws {
        let created = server.call("POST", "/wp/v2/comments", json: ["post": try approved.post, "content": "Wait", "status": "hold"])
        #expect(created.status == 201)
        #expect(created.object["status"] as? String == "hold")
    }

    @Test func methodQueryParameterOverridesTheMethod() throws {
        let comment = try approved
        let trashed = server.call("POST", "/wp/v2/comments/\(comment.id)?_method=DELETE")
        #expect(trashed.status == 200)
        #expect(server.comment(site: "site-1", id: comment.id)?.status == .trash)
    }

    @Test func forcedDeletePreviousHasNoLinks() throws {
        let comment = try approved
        let deleted = server.call("DELETE", "/wp/v2/comments/\(comment.id)?force=true")
        let previous = try #require(deleted.object["previous"] as? [String: Any])
        #expect(previous["id"] as? Int == comment.id)
        #expect(previous["_links"] == nil)
    }

    @Test func headAnswersWithTheHeadersAndNoBody() throws {
        let list = server.call("HEAD", "/wp/v2/comments?per_page=2")
        #expect(list.status == 200)
        #expect(list.header("X-WP-Total") != nil && list.header("Link")?.contains("rel=\"next\"") == true)
        #expect(list.body.isEmpty)
        let one = server.call("HEAD", "/wp/v2/comments/\(try approved.id)")
        #expect(one.status == 200 && one.body.isEmpty)
        let missing = server.call("HEAD", "/wp/v2/comments/999999")
        #expect(missing.status == 404 && missing.body.isEmpty)
        var noSite = URLRequest(url: try #require(URL(string: "http://127.0.0.1:8081/site-9/wp-json/wp/v2/comments")))
        noSite.httpMethod = "HEAD"
        let unknown = server.respond(to: noSite)
        #expect(unknown.status == 404 && unknown.body.isEmpty, "a body would break the connection's framing")
    }

    @Test func authorEmailIsAProtectedFilterAndChecked() {
        let anonymous = locked.call("GET", "/wp/v2/comments?author_email=someone@example.com")
        #expect(anonymous.status == 401 && anonymous.code == "rest_forbidden_param")
        #expect(anonymous.object["message"] as? String == "Query parameter not permitted: author_email")
        let invalid = server.call("GET", "/wp/v2/comments?author_email=a@b.c")
        #expect(invalid.status == 400 && invalid.code == "rest_invalid_param")
        let author = server.comments(site: "site-1")?.first { $0.status == .approved && $0.type == "comment" }
        let matching = server.call("GET", "/wp/v2/comments?per_page=100&author_email=\(author?.authorEmail ?? "")")
        #expect(!matching.array.isEmpty && matching.array.allSatisfy { $0["author_name"] as? String == author?.authorName })
    }

    @Test func everyAnswerHasTheDiscoveryLinkAndAllowWhereARouteMatched() throws {
        let comment = try approved
        let page = server.call("GET", "/wp/v2/comments?per_page=100&post=999999")
        #expect(page.header("Link") == "<http://\(server.sites[0].restBase.host ?? "")/site-1/wp-json/>; rel=\"https://api.w.org/\"")
        // WordPress checks a create against `(int)` of the list's `post`: 1, a post every site has.
        #expect(page.header("Allow") == "GET, POST")
        #expect(server.call("GET", "/wp/v2/comments?per_page=1").header("Allow") == "GET")
        #expect(server.call("GET", "/wp/v2/comments?post=\(comment.post)").header("Allow") == "GET, POST")
        #expect(server.call("GET", "/wp/v2/comments/\(comment.id)").header("Allow") == "GET, POST, PUT, PATCH, DELETE")
        #expect(locked.call("GET", "/wp/v2/comments/\(comment.id)").header("Allow") == "GET")
        let missing = server.call("GET", "/wp/v2/comments/999999")
        #expect(missing.header("Allow") == nil && missing.header("Link")?.contains("api.w.org") == true)
        #expect(server.call("GET", "/wp/v2/nothing").header("Allow") == nil)
        let bad = server.call("GET", "/wp/v2/comments?per_page=0")
        #expect(bad.status == 400 && bad.header("Allow") == "GET")
    }

    @Test func indexDescribesTheRoutesAsWordPressDoes() throws {
        let index = server.call("GET", "/")
        #expect(index.object["gmt_offset"] is String)
        #expect(index.object["site_icon"] as? Int == 0 && index.object["site_logo"] as? Int == 0)
        #expect(index.object["site_icon_url"] as? String == "")
        #expect((index.object["_links"] as? [String: Any])?["help"] != nil)
        let routes = try #require(index.object["routes"] as? [String: Any])
        let comments = try #require(routes["/wp/v2/comments"] as? [String: Any])
        let endpoints = try #require(comments["endpoints"] as? [[String: Any]])
        #expect(endpoints.count == 2)
        #expect((endpoints.first?["args"] as? [String: Any])?["per_page"] != nil)
        let selfLink = ((comments["_links"] as? [String: Any])?["self"] as? [[String: Any]])?.first?["href"] as? String
        #expect(selfLink == server.sites[0].restBase.absoluteString + "/wp/v2/comments")
        #expect(routes["/wp/v2/users/me"] != nil && routes["/wp/v2/comments/(?P<id>[\\d]+)"] != nil)
    }

    @Test func tiesInPostParentOrTypeOrderGoNewestFirstAndIncludeOrderHasNoDirection() {
        let asc = server.call("GET", "/wp/v2/comments?orderby=type&order=asc&per_page=100")
        #expect(asc.ids == asc.ids.sorted(by: >), "all are comments: every pair is a tie")
        let include = server.call("GET", "/wp/v2/comments?include=5,3,9&orderby=include&order=desc&type=all&status=all")
        #expect(include.ids == [5, 3, 9].filter { id in include.ids.contains(id) })
        #expect(server.call("GET", "/wp/v2/comments?orderby=include").array.isEmpty)
    }

    @Test func linksNameTheAuthorAndTheChildren() throws {
        let replied = try #require(server.comments(site: "site-1")?.first { candidate in
            server.comments(site: "site-1")?.contains { $0.parent == candidate.id && $0.status == .approved } == true
        })
        let links = try #require(server.call("GET", "/wp/v2/comments/\(replied.id)").object["_links"] as? [String: Any])
        let children = (links["children"] as? [[String: Any]])?.first?["href"] as? String
        #expect(children?.hasSuffix("/wp/v2/comments?parent=\(replied.id)") == true)
        let created = server.call("POST", "/wp/v2/comments", json: ["post": replied.post, "content": "Mine"])
        let author = ((created.object["_links"] as? [String: Any])?["author"] as? [[String: Any]])?.first?["href"] as? String
        #expect(author?.hasSuffix("/wp/v2/users/1") == true)
    }

    @Test func badJSONSaysWhatPHPSaid() {
        var request = server.request("POST", "/wp/v2/comments")
        request.httpBody = Data("{\"post\": ".utf8)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let answer = server.respond(to: request)
        #expect(answer.code == "rest_invalid_json")
        #expect((answer.object["data"] as? [String: Any])?["json_error_code"] as? Int == 4)
    }
}
