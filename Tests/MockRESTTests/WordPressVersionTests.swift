import Foundation
import Testing
@testable import MockREST

/// The mock answers as WordPress 7.1 unless configured as 6.1, where the two differ.
@Suite struct WordPressVersionTests {
    static let password = "pass word"

    private func server(_ version: MockWordPressVersion) -> MockServer {
        var configuration = MockConfiguration(
            seed: 7, siteCount: 1, commentsPerSite: 40, credentials: moderator,
            accounts: MockRole.allCases.map { MockAccount(user: "the-\($0.rawValue)", applicationPassword: Self.password, role: $0) }
        )
        configuration.wordPressVersion = version
        return MockServer(configuration)
    }

    private func call(_ server: MockServer, _ role: MockRole?, _ route: String) -> MockResponse {
        guard let role else { return server.call("GET", route) }
        return server.call("GET", route, user: "the-\(role.rawValue)", password: Self.password)
    }

    private func selfLink(_ json: [String: Any]) -> [String: Any]? {
        ((json["_links"] as? [String: Any])?["self"] as? [[String: Any]])?.first
    }

    private func allow(_ json: [String: Any]) -> [String]? {
        (selfLink(json)?["targetHints"] as? [String: Any])?["allow"] as? [String]
    }

    @Test func theNewestIsTheDefault() {
        #expect(MockConfiguration().wordPressVersion == .v7_1)
    }

    @Test func targetHintsSayWhatTheCallerMayDoWithEachComment() throws {
        let server = server(.v7_1)
        let held = try #require(server.comments(site: "site-1")?.first { $0.status == .hold && $0.type == "comment" })
        let approved = try #require(server.comments(site: "site-1")?.first { $0.status == .approved && $0.type == "comment" })
        let everything = ["GET", "POST", "PUT", "PATCH", "DELETE"]
        #expect(call(server, .administrator, "/wp/v2/comments/\(held.id)").object.isEmpty == false)
        #expect(allow(call(server, .administrator, "/wp/v2/comments/\(held.id)").object) == everything)
        #expect(allow(call(server, .editor, "/wp/v2/comments/\(approved.id)").object) == everything)
        #expect(allow(call(server, .subscriber, "/wp/v2/comments/\(approved.id)").object) == ["GET"])
        #expect(allow(call(server, nil, "/wp/v2/comments/\(approved.id)").object) == ["GET"])
        // In a list, each item for the caller; in the edit context as in the view context.
        let list = call(server, .administrator, "/wp/v2/comments?status=all&context=edit&per_page=5").array
        #expect(!list.isEmpty && list.allSatisfy { allow($0) == everything })
        // A user's own link: edit themselves, delete only with delete_users.
        #expect(allow(call(server, .administrator, "/wp/v2/users/me").object) == everything)
        #expect(allow(call(server, .author, "/wp/v2/users/me?context=edit").object) == ["GET", "POST", "PUT", "PATCH"])
    }

    @Test func sixOneKeepsItsShapes() throws {
        let old = server(.v6_1)
        let comment = call(old, .administrator, "/wp/v2/comments?per_page=1").array.first ?? [:]
        #expect((comment["meta"] as? [Any])?.isEmpty == true)
        #expect(selfLink(comment)?.keys.sorted() == ["href"])
        #expect(selfLink(call(old, .administrator, "/wp/v2/users/me").object)?.keys.sorted() == ["href"])
        let index = call(old, nil, "/").object
        #expect(index["page_on_front"] == nil && index["show_on_front"] == nil)
        let routes = try #require(index["routes"] as? [String: Any])
        #expect(String(decoding: try JSONSerialization.data(withJSONObject: routes), as: UTF8.self).contains("_wp_note_status") == false)
        #expect(call(old, nil, "/?_fields=name").object.keys.sorted() == ["_links", "name"])
        // No notes before 6.9: the seed's pings stay.
        let types = (old.comments(site: "site-1") ?? []).suffix(2).map(\.type)
        #expect(types == ["pingback", "trackback"])
        #expect(old.comments(site: "site-1")?.contains { $0.type == "note" } == false)
    }

    @Test func sevenOneDescribesTheNoteMetaAndTheFrontPage() throws {
        let index = call(server(.v7_1), nil, "/").object
        #expect(index["page_on_front"] as? Int == 0 && index["page_for_posts"] as? Int == 0)
        #expect(index["show_on_front"] as? String == "posts")
        let routes = try #require(index["routes"] as? [String: Any])
        for name in ["/wp/v2/comments", #"/wp/v2/comments/(?P<id>[\d]+)"#] {
            let endpoints = try #require((routes[name] as? [String: Any])?["endpoints"] as? [[String: Any]])
            let metas = endpoints.compactMap { ($0["args"] as? [String: Any])?["meta"] as? [String: Any] }
            let meta = try #require(metas.first)
            let status = (meta["properties"] as? [String: Any])?["_wp_note_status"] as? [String: Any]
            #expect(status?["enum"] as? [String] == ["resolved", "reopen"], "\(name)")
        }
        #expect(call(server(.v7_1), nil, "/?_fields=name,_links").object.keys.sorted() == ["_links", "name"])
    }

    @Test(arguments: MockWordPressVersion.allCases)
    func orderingByIncludeWithoutIdsFailsItsPageAndSevenOneStillCounts(version: MockWordPressVersion) {
        let server = server(version)
        let answer = call(server, .administrator, "/wp/v2/comments?orderby=include&per_page=5")
        let approved = call(server, .administrator, "/wp/v2/comments?per_page=5").header("X-WP-Total")
        #expect(answer.status == 200 && answer.array.isEmpty)
        #expect(answer.header("X-WP-Total") == (version == .v6_1 ? "0" : approved))
        #expect((answer.header("Link")?.contains("rel=\"next\"") ?? false) == (version != .v6_1))
    }

    @Test(arguments: MockWordPressVersion.allCases)
    func anEmptyIdListFiltersNothingAndPostZeroIsForModerators(version: MockWordPressVersion) {
        let server = server(version)
        let total = call(server, .administrator, "/wp/v2/comments").header("X-WP-Total")
        for name in ["post", "parent", "include", "exclude", "author", "author_exclude", "parent_exclude"] {
            #expect(call(server, .administrator, "/wp/v2/comments?\(name)=").header("X-WP-Total") == total, "\(name)=")
        }
        #expect(call(server, .administrator, "/wp/v2/comments?post[]=").code == "rest_invalid_param")
        let anonymous = call(server, nil, "/wp/v2/comments?post=0")
        #expect(anonymous.status == 401 && anonymous.code == "rest_cannot_read")
        #expect(call(server, .subscriber, "/wp/v2/comments?post=5,0").status == 403)
        #expect(call(server, .editor, "/wp/v2/comments?post=0").status == 200)
    }
}
