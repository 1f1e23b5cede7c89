import Foundation
import Testing
import Flux
import FluxTesting
@testable import CommentsKit
@testable import TerminalUI

/// A key while a big site loads costs its move and its frame, not a catch-up with the
/// pages merged since the last frame (issue 12, `keystroke.move_during_load_100k`): a
/// move works on the list as last drawn (``MayLagBehindLoad``), the filter counts and the
/// visible list wait, and the next paced frame catches up with the cursor keeping its
/// comment and its screen row. `g` and `G` catch up at once: they go to the true ends.
@MainActor
@Suite struct KeysDuringTheLoadTests {
    typealias App = FollowingTheLoadTests.App

    private func approvedCount(_ app: App) -> Int? {
        app.ui.filters.state.filter(.status(.approved))?.count
    }

    @Test func aMoveBehindTheLoadWorksOnTheListAsShownAndTheFrameCatchesUp() throws {
        let app = try App()
        defer { app.receipt.cancel() }
        try app.cursorOnAPage3Comment()
        let computed = app.ui.visible.computeCount
        #expect(approvedCount(app) == 20)
        try app.answer(2, of: 60)
        app.dispatcher.dispatch(UIAction.move(.down))
        #expect(app.ui.state.cursor == 26 && app.ui.state.cursorIndex == 15, "one down in the list as shown")
        #expect(app.ui.state.isBehindLoad, "the catch-up waits for the frame")
        #expect(app.ui.rows.count == 20, "the rows as shown")
        #expect(app.ui.visible.computeCount == computed, "the visible list is not rebuilt for the key")
        #expect(approvedCount(app) == 20, "nor are the counts")
        let screenRow = app.screenRow
        app.dispatcher.dispatch(UIAction.frame)
        #expect(!app.ui.state.isBehindLoad)
        #expect(app.ui.rows.count == 30)
        #expect(app.ui.state.cursor == 26 && app.ui.state.cursorIndex == 25, "the cursor keeps its comment")
        #expect(app.screenRow == screenRow, "and its screen row")
        #expect(approvedCount(app) == 30, "the counts follow with the frame")
    }

    @Test func theSpinnersTickBehindTheLoadLeavesTheCatchUpToTheFrame() throws {
        let app = try App()
        defer { app.receipt.cancel() }
        try app.cursorOnAPage3Comment()
        let computed = app.ui.visible.computeCount
        try app.answer(2, of: 60)
        app.dispatcher.dispatch(UIAction.tick)
        #expect(app.ui.state.isBehindLoad)
        #expect(app.ui.visible.computeCount == computed)
        #expect(app.ui.state.cursor == 25 && app.ui.state.cursorIndex == 14)
    }

    @Test func gBehindTheLoadGoesToTheTrueEnd() throws {
        let app = try App()
        defer { app.receipt.cancel() }
        try app.answer(1, of: 60)
        try app.answer(2, of: 60)
        app.dispatcher.dispatch(UIAction.frame)
        try app.answer(3, of: 60)
        #expect(app.ui.state.isBehindLoad)
        app.dispatcher.dispatch(UIAction.move(.bottom))
        #expect(!app.ui.state.isBehindLoad)
        #expect(app.ui.state.cursor == 30 && app.ui.state.cursorIndex == 29, "the last row loaded, page 3 included")
        #expect(app.ui.state.followsEnd)
    }

    /// It dispatched `loadMore` for ever without the fix (found by the test above): with
    /// the cursor near the end of a list not fully loaded, ending its query left it
    /// neither loading nor complete, and each reconcile asked for more again.
    @Test func endingTheQueryWithTheCursorNearTheEndOfAPartialLoadAsksForNothingMore() throws {
        let app = try App()
        try app.answer(1, of: 60)
        try app.answer(2, of: 60)
        app.dispatcher.dispatch(UIAction.move(.bottom))
        #expect(app.ui.state.cursorIndex == 19)
        app.receipt.cancel()
        #expect(!app.comments.state.fetch(app.query).isLoading)
        #expect(app.comments.state.fetch(app.query).hasMore)
        #expect(app.comments.state.requests.pagesInFlight(app.query).isEmpty)
    }

    /// Pages answered in random orders (four in flight, as the load asks for them), moves
    /// and frames between them: every frame finds the cursor on the comment it was on and
    /// at the same screen row, the list and the counts those of every page in; the load's
    /// end leaves all sixty rows and exact counts.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func movesBetweenPagesInAnyOrderKeepTheCursorsCommentAndRow(seed: UInt64) throws {
        let app = try App()
        defer { app.receipt.cancel() }
        var random = SeededGenerator(seed: seed)
        try app.answer(1, of: 60)
        app.dispatcher.dispatch(UIAction.frame)
        while let page = app.comments.state.requests.pagesInFlight(app.query).sorted().randomElement(using: &random) {
            try app.answer(page, of: 60)
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                app.dispatcher.dispatch(UIAction.move(Bool.random(using: &random) ? .down : .up))
            }
            guard Bool.random(using: &random), app.ui.state.isBehindLoad else { continue }
            let (cursor, screenRow) = (app.ui.state.cursor, app.screenRow)
            app.dispatcher.dispatch(UIAction.frame)
            #expect(app.ui.state.cursor == cursor, "seed \(seed): the cursor keeps its comment")
            #expect(app.screenRow == screenRow, "seed \(seed): and its screen row")
            let loaded = app.comments.state.comments(of: app.site).count
            #expect(app.ui.rows.count == loaded && approvedCount(app) == loaded, "seed \(seed): the list and counts of every page in")
        }
        #expect(!app.ui.state.isBehindLoad)
        #expect(app.ui.rows.count == 60 && approvedCount(app) == 60)
        #expect(app.ui.filters.state.filter(.status(.approved))?.isLowerBound == false)
    }

    @Test func aKeysFrameDrawsTheListAsShownAndAPacedFrameCatchesUpAfter() async throws {
        let app = try App()
        defer { app.receipt.cancel() }
        try app.cursorOnAPage3Comment()
        let drawn = DrawnFrames()
        let pacer = FramePacer(store: app.ui) { [ui = app.ui] in drawn.rowCounts.append(ui.rows.count) }
        try app.answer(2, of: 60)
        app.dispatcher.dispatch(UIAction.move(.down))
        pacer.drawNow(catchingUp: false)
        #expect(drawn.rowCounts == [20], "the key's frame: the list as shown")
        #expect(app.ui.state.isBehindLoad)
        let caughtUp = try await app.ui.state(where: { !$0.isBehindLoad })
        #expect(caughtUp.cursor == 26 && caughtUp.cursorIndex == 25)
        #expect(drawn.rowCounts.last == 30, "the paced frame draws the list caught up")
    }

    /// The app draws a key's frame in the task that handled the key (TerminalApp's input
    /// path), not at the next turn: the turn waited behind every page the network had
    /// queued on the main actor meanwhile, most of a key's latency during a load.
    @Test func aKeysFrameIsDrawnRightAfterTheKeyAndItsTurnDrawsNothingMore() async throws {
        let app = try App()
        defer { app.receipt.cancel() }
        try app.answer(1, of: 10)  // the whole site: no catch-up to come
        let drawn = DrawnFrames()
        let pacer = FramePacer(store: app.ui) { [ui = app.ui] in drawn.cursors.append(ui.state.cursor) }
        pacer.drawIfDue()
        #expect(drawn.cursors.isEmpty, "nothing changed: nothing drawn")
        app.dispatcher.dispatch(UIAction.move(.down))
        pacer.request()  // what the app's subscription asks for a key's change
        pacer.drawIfDue()
        #expect(drawn.cursors == [2], "the key's frame at once")
        await Task { @MainActor in }.value  // after the turn the request scheduled
        #expect(drawn.cursors == [2], "the turn finds nothing left to draw")
    }
}

/// What a test's frames drew.
@MainActor
private final class DrawnFrames {
    var rowCounts: [Int] = []
    var cursors: [Int?] = []
}
