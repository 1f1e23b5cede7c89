import Foundation
import Testing
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// Issue 27 in the interface: a key whose comment changed on the site since it was loaded
/// writes nothing, the row shows the site's copy at once, and a question names the change;
/// `y` writes anyway, `n` leaves it. The other moderator is the mock's `changeOutside`.
@MainActor
@Suite struct ConflictQuestionTests {
    private func moveTo(_ app: UIHarness, where predicate: (CommentEntry) -> Bool) throws -> CommentEntry {
        let site = try #require(app.ui.state.site)
        let index = try #require(app.ui.rows.firstIndex { app.comments.state.comments(of: site)[$0.id].map(predicate) ?? false })
        for _ in 0..<index { app.press(.character("j")) }
        return try #require(app.selected)
    }

    /// The detail pane caught up with the cursor, and nothing is asked of the site any more
    /// (the counts a conflict asks again, the histories the pane shows): a screen to compare.
    private func quiet(_ app: UIHarness) async throws {
        let site = try #require(app.ui.state.site)
        app.rest()
        _ = try await app.comments.state { state in
            !state.isBusy && !(state.counts[site]?.isAsking ?? false)
                && (state.addressHistories[site]?.values.allSatisfy { if case .loading = $0 { false } else { true } } ?? true)
        }
    }

    private func openQuestion(_ app: UIHarness) -> TerminalUI.Confirmation? {
        if case .confirm(let confirmation) = app.ui.state.mode { return confirmation }
        return nil
    }

    @Test func approvingWhatWasSpammedOutsideAsksNamingTheChangeAndYApproves() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let pending = try moveTo(app) { $0.status == .hold }
        app.server.changeOutside(site: site, id: pending.id, .status(.spam))
        app.press(.character("a"))
        #expect(app.comments.state.comments(of: site)[pending.id]?.status == .approved, "the row changes at once")
        try await app.settled()
        let asked = try #require(openQuestion(app))
        #expect(asked.question == "Marked as spam on the site since you loaded it (parley did not do it) — approve anyway?")
        try await quiet(app)
        Snapshot.assert(app.screen, named: "conflict-question-132x40")
        #expect(app.comments.state.comments(of: site)[pending.id]?.status == .spam, "the row shows the site's status")
        #expect(app.server.comment(site: site, id: pending.id)?.status == .spam)
        app.press(.character("y"))
        try await app.settled()
        #expect(app.server.comment(site: site, id: pending.id)?.status == .approved)
        #expect(openQuestion(app) == nil)
    }

    @Test func aQuestionAboutAnotherSiteThanTheOneShownNamesIt() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let name = try #require(app.comments.state.sites.first { $0.id == site }?.name)
        let pending = try moveTo(app) { $0.status == .hold }
        app.press(.character("a"))
        try await app.settled()
        app.press(.character("]"))
        #expect(app.ui.state.site != site, "another site shown")
        app.server.changeOutside(site: site, id: pending.id, .status(.spam))
        app.press(.character("z"))
        try await app.settled()
        let asked = try #require(openQuestion(app))
        #expect(asked.question == "\(name): Marked as spam on the site since your change (parley did not do it) — undo anyway?")
    }

    @Test func noLeavesItAsTheSiteHasIt() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let trashed = try moveTo(app) { $0.status == .approved }
        app.server.changeOutside(site: site, id: trashed.id, .status(.trash))
        app.press(.character("s"))
        try await app.settled()
        #expect(try #require(openQuestion(app)).question.hasPrefix("Moved to the trash on the site since you loaded it"))
        app.press(.character("n"))
        #expect(openQuestion(app) == nil)
        #expect(app.comments.state.conflicts.isEmpty)
        #expect(app.server.comment(site: site, id: trashed.id)?.status == .trash)
    }

    @Test func altAOnACommentTrashedOutsideNeitherApprovesNorRepliesWithoutAsking() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let pending = try moveTo(app) { $0.status == .hold }
        app.press(.character("r"))
        app.type("Welcome aboard")
        app.server.changeOutside(site: site, id: pending.id, .status(.trash))
        app.press(.alt(.character("a")))
        try await app.settled()
        #expect(app.server.comment(site: site, id: pending.id)?.status == .trash, "not approved out of the trash")
        #expect(app.server.comments(site: site)?.contains { $0.parent == pending.id } == false, "no orphan reply")
        // Two questions, one after the other, in the order the checks came back.
        var asked: Set<String> = []
        asked.insert(try #require(openQuestion(app)).question)
        app.press(.character("n"))
        asked.insert(try #require(openQuestion(app)).question)
        app.press(.character("n"))
        #expect(asked == [
            "Moved to the trash on the site since you loaded it (parley did not do it) — approve anyway?",
            "The comment you reply to was moved to the trash on the site (parley did not do it) — post the reply anyway?",
        ])
        #expect(openQuestion(app) == nil)
        #expect(app.comments.state.comments(of: site).localEntries.first?.contentRaw == "Welcome aboard", "the reply's text is kept")
    }

    @Test func eOpensTheSitesTextWhenItChangedOutsideAndSaysSo() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let target = try moveTo(app) { $0.status == .approved && $0.contentRaw != nil }
        app.server.changeOutside(site: site, id: target.id, .content("Newer text, written in wp-admin."))
        try await app.edit()
        guard case .compose(let composer) = app.ui.state.mode else {
            Issue.record("e did not open the editor")
            return
        }
        #expect(composer.editor.text.hasSuffix("Newer text, written in wp-admin."), "the site's text, not parley's copy")
        #expect(app.ui.state.hint == "The text changed on the site (parley did not do it): you are editing the site's text.")
        #expect(app.comments.state.siteChanges[site]?[target.id]?.summary == "text edited", "the row is marked")
        // The editor held the site's text: saving asks nothing.
        app.type(" Mine.")
        app.press(.control("s"))
        try await app.settled()
        #expect(openQuestion(app) == nil)
        #expect(app.server.comment(site: site, id: target.id)?.content == "Newer text, written in wp-admin. Mine.")
    }

    @Test func anEditOverNewerTextShowsBothTextsAndNoKeepsYoursForE() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let target = try moveTo(app) { $0.status == .approved && $0.contentRaw != nil }
        try await app.edit()
        guard case .compose = app.ui.state.mode else {
            Issue.record("e did not open the editor")
            return
        }
        app.server.changeOutside(site: site, id: target.id, .content("The editor has newer text."))
        app.type(" And mine.")
        app.press(.control("s"))
        try await app.settled()
        let asked = try #require(openQuestion(app))
        #expect(asked.question == "The text changed on the site since you opened it — save your text over it anyway?")
        #expect(asked.details.contains("On the site now:"))
        #expect(asked.details.contains("  The editor has newer text."))
        #expect(asked.details.contains("Yours:"))
        #expect(asked.details.contains { $0.hasSuffix("And mine.") })
        try await quiet(app)
        Snapshot.assert(app.screen, named: "conflict-edit-question-132x40")
        app.press(.character("n"))
        #expect(app.server.comment(site: site, id: target.id)?.content == "The editor has newer text.", "nothing overwritten")
        try await app.edit()
        guard case .compose(let composer) = app.ui.state.mode else {
            Issue.record("e did not open the editor again")
            return
        }
        #expect(composer.editor.text.hasSuffix("And mine."), "your text is never lost")
    }
}
