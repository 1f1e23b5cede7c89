import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import MockREST

@Suite struct AuthTests {
    let server = smallServer(credentials: moderator)

    private var anyComment: MockComment {
        get throws { try #require(server.comments(site: "site-1")?.first { $0.status == .approved }) }
    }

    @Test func anonymousReadsApprovedOnly() throws {
        #expect(server.call("GET", "/wp/v2/comments").status == 200)
        let hold = server.call("GET", "/wp/v2/comments?status=hold")
        #expect(hold.status == 401 && hold.code == "rest_forbidden_param")
        #expect(hold.object["message"] as? String == "Query parameter not permitted: status")
        let edit = server.call("GET", "/wp/v2/comments?context=edit")
        #expect(edit.status == 401 && edit.code == "rest_forbidden_context")
        #expect(server.call("GET", "/wp/v2/comments?author=1").code == "rest_forbidden_param")
        let held = try #require(server.comments(site: "site-1")?.first { $0.status == .hold })
        #expect(server.call("GET", "/wp/v2/comments/\(held.id)").code == "rest_cannot_read")
    }

    @Test func anonymousWritesAre401WithWordPressCodes() throws {
        let comment = try anyComment
        let create = server.call("POST", "/wp/v2/comments", json: ["post": comment.post, "content": "hi"])
        #expect(create.status == 401 && create.code == "rest_comment_login_required")
        let update = server.call("POST", "/wp/v2/comments/\(comment.id)", json: ["status": "hold"])
        #expect(update.status == 401 && update.code == "rest_cannot_edit")
        let delete = server.call("DELETE", "/wp/v2/comments/\(comment.id)")
        #expect(delete.status == 401 && delete.code == "rest_cannot_delete")
        #expect(server.comment(site: "site-1", id: comment.id)?.status == .approved)
    }

    @Test func wrongPasswordIsAnonymousAndUsersMeSaysSo() throws {
        let comment = try anyComment
        #expect(server.call("GET", "/wp/v2/comments", user: "editor", password: "wrong").status == 200)
        let write = server.call("DELETE", "/wp/v2/comments/\(comment.id)", user: "editor", password: "wrong")
        #expect(write.code == "rest_cannot_delete")
        let me = server.call("GET", "/wp/v2/users/me", user: "editor", password: "wrong")
        #expect(me.status == 401 && me.code == "rest_not_logged_in")
        #expect(server.call("GET", "/wp/v2/users/me").code == "rest_not_logged_in")
    }

    @Test func validCredentialsWithOrWithoutSpaces() throws {
        let comment = try anyComment
        for password in ["abcd efgh ijkl mnop", "abcdefghijklmnop"] {
            let me = server.call("GET", "/wp/v2/users/me", user: "editor", password: password)
            #expect(me.status == 200)
            #expect(me.object["name"] as? String == "editor")
            #expect(me.object["id"] as? Int == 1)
        }
        let held = server.call("GET", "/wp/v2/comments?status=hold&context=edit", user: "editor", password: "abcdefghijklmnop")
        #expect(held.status == 200)
        let trash = server.call("DELETE", "/wp/v2/comments/\(comment.id)", user: "editor", password: "abcd efgh ijkl mnop")
        #expect(trash.object["status"] as? String == "trash")
    }

    @Test func openServerTreatsEveryoneAsAdmin() {
        let open = smallServer()
        let me = open.call("GET", "/wp/v2/users/me")
        #expect(me.status == 200)
        #expect(me.object["slug"] as? String == "admin")
        #expect(open.call("GET", "/wp/v2/comments?status=hold&context=edit").status == 200)
    }
}
