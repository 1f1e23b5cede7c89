import Testing
import Flux
import FluxTesting
@testable import CommentsKit
@testable import TerminalUI

/// A page of a load arriving while the cursor is on a comment below it, told as the UI store
/// sees it (``TestStores``): the page leaves the list as shown in the state and the cursor
/// where it is; the next frame catches up, and the cursor keeps its comment and its screen row.
@MainActor
@Suite struct BehindTheLoadStoreTests {
    @Test func aPageArrivingAboveTheCursorIsFollowedAtTheNextFrameWithTheCursorOnItsComment() async throws {
        let app = try FollowingTheLoadTests.App()
        defer { app.receipt.cancel() }
        try app.cursorOnAPage3Comment()
        let ui = app.ui
        let shown = ui.rows
        let screenRow = app.screenRow
        let stores = TestStores(ui)

        try app.answer(2, of: 60)
        await stores.receive(CommentsAction.self, where: { action in
            if case .pageLoaded(_, page: 2, _, _) = action { true } else { false }
        }) {
            $0[ui].listAsShown = shown
        }
        await stores.send(UIAction.frame) {
            $0[ui].listAsShown = nil
            $0[ui].cursorIndex = 24
            $0[ui].scrollTop += 10
        }
        await stores.finish()
        #expect(ui.state.cursor == 25 && app.screenRow == screenRow)
    }
}
