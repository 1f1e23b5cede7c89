import Foundation
import Testing
import CommentsKit
import MockREST
@testable import TerminalUI

/// An edit the site did not take is kept whole — the text and, in Quick Edit, the
/// author's fields as they were written — shown `✎` on its row at once, offered again by
/// `e`, and kept as a draft when parley quits (nothing typed is ever lost).
///
/// Seen in tmux (`--fail-rate 1 --fail-writes-only`): Quick Edit, " Jr" added to the Name
/// line, Ctrl-S: "Edit failed, your text is kept"; `e` reopened on the text without the
/// fields, the row had no `✎`, and after Ctrl-C the draft held the text alone.
@MainActor
@Suite struct FailedEditKeptTests {
    /// Quick Edit on someone else's comment, " Jr" after its author's name, saved while
    /// every write fails. Returns the harness, the comment and the form as it was saved.
    private func failedQuickEdit() async throws -> (UIHarness, CommentEntry, saved: String) {
        let app = try UIHarness(height: 40)
        try await app.start()
        try await app.factsSettled()
        let site = try #require(app.ui.state.site)
        let me = try #require(app.comments.state.currentUsers[site])
        let index = try #require(app.ui.rows.firstIndex { app.comments.state.comments(of: site)[$0.id]?.author != me.id })
        for _ in 0..<index { app.press(.character("j")) }
        let entry = try #require(app.selected)
        try await app.edit()
        guard case .compose(let composer) = app.ui.state.mode else { throw EditorNotOpened() }
        #expect(composer.editor.text.hasPrefix("Name: \(entry.authorName)\n"))
        // To the Name line's end, whatever line the editor opened on.
        for _ in 0..<composer.editor.text.split(separator: "\n", omittingEmptySubsequences: false).count { app.press(.up) }
        app.press(.end)
        app.type(" Jr")
        guard case .compose(let written) = app.ui.state.mode else { throw EditorNotOpened() }
        #expect(written.editor.text.hasPrefix("Name: \(entry.authorName) Jr\n"))
        var faults = MockFaults(failureRate: 1)
        faults.failingRoutes = MockRoute.writes
        app.server.faults = faults
        app.press(.control("s"))
        try await app.settled()
        #expect(app.comments.state.unsentEdit?.id == entry.id)
        return (app, entry, written.editor.text)
    }

    private struct EditorNotOpened: Error {}

    @Test func eOffersAFailedQuickEditAgainWithTheFieldsAsWritten() async throws {
        let (app, _, saved) = try await failedQuickEdit()
        #expect(app.ui.state.mode == .normal)
        try await app.edit()
        guard case .compose(let composer) = app.ui.state.mode else {
            Issue.record("e did not open the editor")
            return
        }
        #expect(composer.editor.text == saved)
    }

    @Test func aFailedEditIsMarkedAsADraftOnItsRowAtOnce() async throws {
        let (app, entry, _) = try await failedQuickEdit()
        let model = ScreenModel(store: app.ui, keyMap: app.keyMap, now: app.now)
        #expect(CommentListView.hasDraft(entry.id, model: model))
    }

    @Test func quittingAfterAFailedEditKeepsItWholeAsADraft() async throws {
        let (app, entry, saved) = try await failedQuickEdit()
        let site = try #require(app.ui.state.site)
        app.press(.character("q"))
        try await app.draftsWritten()
        let kept = try #require(app.ui.state.drafts[DraftRef(site: site, .edit(id: entry.id))])
        #expect(kept == saved)
        let onDisk = DraftStore(directory: app.stateDirectory.appendingPathComponent("drafts")).load(site: site, .edit(id: entry.id))
        #expect(onDisk == kept)
    }
}
