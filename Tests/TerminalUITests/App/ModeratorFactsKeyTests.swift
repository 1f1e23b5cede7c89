import Foundation
import Testing
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// A moderator's keys: "Approve and Reply" on a pending comment, and Quick Edit of someone
/// else's comment with its author's fields. (The harness's user is the open mock's
/// administrator.)
@MainActor
@Suite struct ModeratorFactsKeyTests {
    /// Moves the cursor to the first row whose comment satisfies `predicate`.
    private func moveTo(_ app: UIHarness, where predicate: (CommentEntry) -> Bool) throws -> CommentEntry {
        let site = try #require(app.ui.state.site)
        let index = try #require(app.ui.rows.firstIndex { app.comments.state.comments(of: site)[$0.id].map(predicate) ?? false })
        for _ in 0..<index { app.press(.character("j")) }
        return try #require(app.selected)
    }

    @Test func altAApprovesThePendingCommentAndSendsTheReply() async throws {
        let app = try UIHarness(height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let pending = try moveTo(app) { $0.status == .hold }
        app.press(.character("r"))
        #expect(app.screen.contains("Alt-a approve and send"))
        app.type("Welcome aboard")
        app.press(.alt(.character("a")))
        #expect(app.ui.state.mode == .normal)
        try await app.settled()
        #expect(app.server.comment(site: site, id: pending.id)?.status == .approved)
        #expect(app.server.comments(site: site)?.contains { $0.parent == pending.id && $0.content == "Welcome aboard" } == true)
    }

    /// Approving a pending comment changes its address's history: the detail pane asks the
    /// site again and shows one fewer pending, one more approved (it kept the old counts).
    @Test func approvingAPendingCommentUpdatesItsAddressHistory() async throws {
        let app = try UIHarness(width: 120, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let pending = try moveTo(app) { $0.status == .hold && !($0.facts?.email.isEmpty ?? true) }
        let email = AuthorAddress.email(try #require(pending.facts?.email))
        app.rest()
        func history(_ state: CommentsState) -> AddressHistory? {
            if case .loaded(let history)? = state.addressHistories[site]?[email] { history } else { nil }
        }
        let before = try #require(history(try await app.comments.state { history($0) != nil }))
        #expect(before.pending > 0)
        app.press(.character("a"))
        try await app.settled()
        let after = try await app.comments.state { history($0).map { $0.pending == before.pending - 1 } ?? false }
        #expect(history(after) == AddressHistory(approved: before.approved + 1, pending: before.pending - 1, spam: before.spam))
    }

    @Test func anApprovedCommentsReplyBoxDoesNotOfferIt() async throws {
        let app = try UIHarness(height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let approved = try moveTo(app) { $0.status == .approved }
        app.press(.character("r"))
        #expect(!app.screen.contains("approve and send"))
        app.type("Plain")
        app.press(.alt(.character("a")))
        guard case .compose = app.ui.state.mode else {
            Issue.record("Alt-a sent a reply to an approved comment")
            return
        }
        #expect(app.server.comments(site: site)?.contains { $0.parent == approved.id && $0.content == "Plain" } == false)
    }

    @Test func quickEditChangesAnotherAuthorsNameAndText() async throws {
        let app = try UIHarness(height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let me = try #require(app.comments.state.currentUsers[site])
        let theirs = try moveTo(app) { $0.author != me.id && $0.facts != nil }
        app.press(.character("e"))
        guard case .compose(let composer) = app.ui.state.mode else {
            Issue.record("e did not open the editor on someone else's comment")
            return
        }
        #expect(composer.editor.text.hasPrefix("Name: " + theirs.authorName + "\nE-mail: "))
        #expect(app.screen.contains("Quick Edit: "))
        // To the top, replace the name line, then add to the text's last line.
        for _ in 0..<20 { app.press(.up) }
        app.press(.control("a"), .control("k"))
        app.type("Name: Renamed Reader")
        for _ in 0..<40 { app.press(.down) }
        app.press(.control("e"))
        app.type(" (tidied)")
        app.press(.control("s"))
        try await app.settled()
        let server = try #require(app.server.comment(site: site, id: theirs.id))
        #expect(server.authorName == "Renamed Reader")
        #expect(server.authorEmail == theirs.facts?.email, "an unchanged field is not sent")
        #expect(server.content.hasSuffix("(tidied)"))
        #expect(!server.content.contains("Name:"), "the fields are not part of the text")
        #expect(app.comments.state.comments(of: site)[theirs.id]?.authorName == "Renamed Reader")
    }
}
