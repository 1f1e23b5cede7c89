import Foundation
import Testing
@testable import MockREST

/// `changeOutside`: another moderator's change, applied as WordPress applies its own
/// requests, seen by the next read and by nothing else.
@Suite struct OutsideChangeTests {
    let server = smallServer(comments: 60)

    private func comment(status: MockCommentStatus) throws -> MockComment {
        try #require(server.comments(site: "site-1")?.first { $0.status == status })
    }

    @Test func aStatusSetOutsideIsWhatTheNextReadSays() throws {
        let approved = try comment(status: .approved)
        let changed = server.changeOutside(site: "site-1", id: approved.id, .status(.spam))
        #expect(changed?.status == .spam)
        let read = server.call("GET", "/wp/v2/comments/\(approved.id)?context=edit&_fields=id,status")
        #expect(read.object["status"] as? String == "spam")
        #expect(server.totalRequestCount == 1, "an outside change is no request of the client's")
    }

    @Test func restoringOutsideGivesBackTheStatusBefore() throws {
        let held = try comment(status: .hold)
        server.changeOutside(site: "site-1", id: held.id, .status(.trash))
        #expect(server.changeOutside(site: "site-1", id: held.id, .restore)?.status == .hold)
    }

    @Test func editedOutsideTheTextIsTheNewOne() throws {
        let approved = try comment(status: .approved)
        #expect(server.changeOutside(site: "site-1", id: approved.id, .content("Edited in wp-admin."))?.content == "Edited in wp-admin.")
    }

    @Test func deletedOutsideTheCommentIsGone() throws {
        let approved = try comment(status: .approved)
        #expect(server.changeOutside(site: "site-1", id: approved.id, .delete) == nil)
        #expect(server.comment(site: "site-1", id: approved.id) == nil)
        #expect(server.call("GET", "/wp/v2/comments/\(approved.id)?context=edit").code == "rest_comment_invalid_id")
        #expect(server.changeOutside(site: "nowhere", id: approved.id, .delete) == nil)
    }
}
