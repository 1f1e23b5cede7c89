import Foundation
import Testing
@testable import MockREST

/// Users of every WordPress role, each answered by that role's capabilities.
@Suite struct RoleTests {
    static let password = "pass word"
    let server = MockServer(MockConfiguration(
        seed: 7, siteCount: 1, commentsPerSite: 60, credentials: moderator,
        accounts: MockRole.allCases.map { MockAccount(user: "the-\($0.rawValue)", applicationPassword: password, role: $0) }
    ))

    private func call(_ role: MockRole?, _ method: String, _ route: String, json: [String: Any]? = nil) -> MockResponse {
        guard let role else { return server.call(method, route, json: json) }
        return server.call(method, route, json: json, user: "the-\(role.rawValue)", password: Self.password)
    }

    private func first(_ status: MockCommentStatus) throws -> MockComment {
        try #require(server.comments(site: "site-1")?.first { $0.status == status && $0.type == "comment" })
    }

    @Test(arguments: MockRole.allCases)
    func usersMeInTheEditContextSaysWhoAndWhatTheyMayDo(role: MockRole) throws {
        let me = call(role, "GET", "/wp/v2/users/me?context=edit")
        #expect(me.status == 200)
        #expect(me.object["username"] as? String == "the-\(role.rawValue)")
        #expect(me.object["email"] as? String == "the-\(role.rawValue)@mock.parley")
        #expect(me.object["roles"] as? [String] == [role.rawValue])
        let capabilities = try #require(me.object["capabilities"] as? [String: Bool])
        #expect(capabilities["moderate_comments"] == ([.administrator, .editor].contains(role) ? true : nil))
        #expect(capabilities["edit_posts"] == (role == .subscriber ? nil : true))
        #expect(capabilities[role.rawValue] == true && capabilities["read"] == true)
        #expect(call(role, "GET", "/wp/v2/users/me").object["capabilities"] == nil, "the view context has none")
    }

    @Test func aSubscriberIsLoggedInButMayNotModerate() throws {
        let held = try first(.hold)
        let approved = try first(.approved)
        let filter = call(.subscriber, "GET", "/wp/v2/comments?status=hold")
        #expect(filter.status == 403 && filter.code == "rest_forbidden_param")
        #expect(call(nil, "GET", "/wp/v2/comments?status=hold").status == 401)
        #expect(call(.subscriber, "GET", "/wp/v2/comments?context=edit").status == 403)
        #expect(call(.subscriber, "GET", "/wp/v2/comments/\(held.id)").code == "rest_cannot_read")
        let update = call(.subscriber, "POST", "/wp/v2/comments/\(approved.id)", json: ["status": "hold"])
        #expect(update.status == 403 && update.code == "rest_cannot_edit")
        let delete = call(.subscriber, "DELETE", "/wp/v2/comments/\(approved.id)")
        #expect(delete.status == 403 && delete.code == "rest_cannot_delete")
        let status = call(.subscriber, "POST", "/wp/v2/comments", json: ["post": approved.post, "content": "Hi", "status": "hold"])
        #expect(status.status == 403 && status.code == "rest_comment_invalid_status")
        #expect(server.comment(site: "site-1", id: approved.id)?.status == .approved)
    }

    @Test func aSubscribersPlainCommentIsCreatedAsTheirs() throws {
        let approved = try first(.approved)
        let created = call(.subscriber, "POST", "/wp/v2/comments", json: ["post": approved.post, "content": "Me too"])
        #expect(created.status == 201)
        #expect(created.object["status"] as? String == "approved")
        #expect(created.object["author_name"] as? String == "the-subscriber")
        #expect(created.object["author"] as? Int == 2 + (MockRole.allCases.firstIndex(of: .subscriber) ?? -9))
        #expect(created.object["author_email"] == nil, "a non-moderator gets the view context")
        #expect(created.header("Allow") == "POST")
    }

    @Test func contributorsSeeTotalsButNotOthersHeldComments() throws {
        let held = server.comments(site: "site-1")?.filter { $0.status == .hold && $0.type == "comment" }.count ?? 0
        let list = call(.contributor, "GET", "/wp/v2/comments?status=hold&per_page=100")
        #expect(list.status == 200)
        #expect(list.header("X-WP-Total") == String(held) && held > 0)
        #expect(list.array.isEmpty)
    }

    @Test func editorsModerateLikeTheAdministrator() throws {
        let approved = try first(.approved)
        let update = call(.editor, "POST", "/wp/v2/comments/\(approved.id)", json: ["status": "hold"])
        #expect(update.status == 200 && update.object["status"] as? String == "hold")
        #expect(call(.editor, "GET", "/wp/v2/comments?status=hold&context=edit").status == 200)
        #expect(call(.author, "POST", "/wp/v2/comments/\(approved.id)", json: ["status": "approve"]).status == 403)
    }

    @Test func aMockLockedByAccountsAloneHasNoOpenAdministrator() {
        let server = MockServer(MockConfiguration(siteCount: 1, commentsPerSite: 5,
                                                  accounts: [MockAccount(user: "sub", applicationPassword: "pw", role: .subscriber)]))
        #expect(server.call("GET", "/wp/v2/users/me").status == 401)
        #expect(server.call("GET", "/wp/v2/users/me", user: "admin", password: "").status == 401)
        #expect(server.call("GET", "/wp/v2/users/me", user: "sub", password: "pw").status == 200)
    }

    @Test func accountsParseFromTheCommandLineForm() {
        #expect(MockAccount(parsing: "ann:abcd efgh:Editor") == MockAccount(user: "ann", applicationPassword: "abcd efgh", role: .editor))
        #expect(MockAccount(parsing: "ann:pw:owner") == nil)
        #expect(MockAccount(parsing: "ann:pw") == nil)
        #expect(MockAccount(parsing: ":pw:editor") == nil)
        #expect(MockAccount(parsing: "ann:a:b:editor") == nil)
    }
}
