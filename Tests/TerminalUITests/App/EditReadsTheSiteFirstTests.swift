import Foundation
import Testing
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// `e` reads the comment on the site before the editor opens (issue 27). Meanwhile the keys
/// belong to the editor: typed at once after `e`, they must not act on the list.
@MainActor
@Suite struct EditReadsTheSiteFirstTests {
    private func moveToAnApprovedComment(_ app: UIHarness) throws -> CommentEntry {
        let site = try #require(app.ui.state.site)
        let index = try #require(app.ui.rows.firstIndex {
            app.comments.state.comments(of: site)[$0.id].map { $0.status == .approved && $0.contentRaw != nil } ?? false
        })
        for _ in 0..<index { app.press(.character("j")) }
        return try #require(app.selected)
    }

    @Test func keysTypedWhileTheCommentIsReadGoToTheEditorNotTheList() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let target = try moveToAnApprovedComment(app)
        app.press(.character("e"))
        #expect(app.ui.state.pendingEdit == target.id, "the editor waits for the site")
        #expect(app.ui.state.hint == "Reading the comment on the site…")
        // In the list, Space folds, `d` trashes, `s` marks spam, Ctrl-S is nothing.
        app.type(" and d s")
        app.press(.control("s"))
        _ = try await app.ui.state { state in
            if case .compose = state.mode { true } else { false }
        }
        guard case .compose(let composer) = app.ui.state.mode else { return }
        #expect(composer.editor.text.hasSuffix(" and d s"), "typed into the editor")
        #expect(!composer.isUnchanged)
        #expect(app.comments.state.comments(of: site)[target.id]?.status == .approved, "nothing moderated")
        #expect(app.comments.state.writesInFlight == 0, "nothing sent: Ctrl-S before the text showed saves nothing")
    }

    @Test func escWhileTheCommentIsReadGivesTheEditUp() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        _ = try moveToAnApprovedComment(app)
        app.press(.character("e"))
        app.press(.escape)
        #expect(app.ui.state.pendingEdit == nil)
        #expect(app.ui.state.hint == "Edit cancelled.")
        #expect(app.ui.state.keyContext == .list, "the list's keys are back")
        _ = try await app.comments.state { !$0.isBusy }
        #expect(app.ui.state.mode == .normal, "the source that arrives opens nothing")
    }
}
