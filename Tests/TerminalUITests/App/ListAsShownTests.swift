import Testing
import Flux
@testable import CommentsKit
@testable import TerminalUI

/// Behind a load, the list the cursor moves in is the interface's state
/// (``UIState/listAsShown``), not whatever the list's cache computed last; and keeping it
/// there copies no rows, neither when a page arrives nor when the frame catches up.
@MainActor
@Suite struct ListAsShownTests {
    typealias App = FollowingTheLoadTests.App

    @Test func aPageOfTheLoadKeepsTheListAsShownInTheStateUntilTheFrame() throws {
        let app = try App()
        defer { app.receipt.cancel() }
        try app.cursorOnAPage3Comment()
        let shown = app.ui.rows.map(\.id)
        #expect(app.ui.state.listAsShown == nil, "following the load: nothing kept")
        try app.answer(2, of: 60)
        #expect(app.ui.state.listAsShown?.map(\.id) == shown)
        app.dispatcher.dispatch(UIAction.move(.down))
        #expect(app.ui.state.listAsShown?.map(\.id) == shown, "a move works on the list as shown")
        app.dispatcher.dispatch(UIAction.frame)
        #expect(app.ui.state.listAsShown == nil)
        #expect(app.ui.rows.count == 30)
    }

    @Test func rowsAStateKeepsAreNotCopiedAndTheirStorageIsRefilledOnceLetGo() throws {
        let app = try App()
        defer { app.receipt.cancel() }
        for page in 1...6 { try app.answer(page, of: 60) }
        let selector = FoldedListSelector()
        func rows() -> [ListRow] { selector.rows(app.ui.visible, site: app.site, collapsed: []) }
        func address(_ rows: [ListRow]) -> UInt { rows.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
        // Another order is another visible list of the same rows: each refill needs no more room.
        func reorder() { app.dispatcher.dispatch(FilterAction.cycleOrder) }

        let first = address(rows())
        var kept = selector.keep(site: app.site, collapsed: [])
        let keptIDs = kept?.map(\.id)
        reorder()
        #expect(address(rows()) != first, "the kept rows are not written over")
        #expect(kept?.map(\.id) == keptIDs && address(kept ?? []) == first, "nor copied")
        kept = selector.keep(site: app.site, collapsed: [])
        // Memory of that size, taken now: rows freed above and allocated again below could
        // land on the same address by chance; a buffer refilled in place always does.
        let elsewhere = [ListRow](repeating: ListRow(row: VisibleRow(id: 0, depth: 0, isOutOfContext: false, hasReplies: false), foldedReplies: 0), count: 60)
        reorder()
        #expect(address(rows()) == first, "the rows let go are refilled in place")
        kept = nil
        reorder()
        #expect(address(rows()) == first, "with nothing kept, the rows are refilled in place")
        withExtendedLifetime(elsewhere) {}
    }
}
