import Foundation
import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// The UI store's reducer: one change per action, after the other stores.
@MainActor
@Suite struct UIReducerTests {
    @Test func oneKeyIsOneChangeHoweverManyFieldsItTouches() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        var changes = 0
        let receipt = app.ui.subscribe { _, _ in changes += 1 }
        // Esc from the detail pane: focus and the open pane change together.
        app.press(.enter)
        changes = 0
        app.press(.escape)
        #expect(changes == 1)
        receipt.cancel()
    }

    @Test func theUIStoreSeesTheCommentsStoreAfterItHandledTheSameAction() async throws {
        let app = try UIHarness()
        try await app.start()
        let trashed = try #require(app.ui.state.cursor)
        var cursorWhenTheCommentLeft: Int?
        let receipt = app.ui.subscribe { _, new in
            if cursorWhenTheCommentLeft == nil, app.comments.state.comments(of: new.site ?? "")[trashed]?.status == .trash {
                cursorWhenTheCommentLeft = new.cursor
            }
        }
        app.press(.character("d"))
        #expect(cursorWhenTheCommentLeft != nil && cursorWhenTheCommentLeft != trashed,
                "in the very change that trashed it, the cursor has moved on")
        receipt.cancel()
    }
}
