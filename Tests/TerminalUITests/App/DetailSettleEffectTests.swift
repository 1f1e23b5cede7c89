import Foundation
import Testing
import Flux
import FluxTesting
import CommentsKit
@testable import TerminalUI

/// The detail pane's settle delay is an effect of the UI store that sleeps on an injected
/// clock: the test moves the clock, nothing sleeps for real.
@MainActor
@Suite struct DetailSettleEffectTests {
    @Test func theDetailFollowsOnceTheCursorHasRestedForTheDelay() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let start = try #require(app.ui.state.cursor)
        app.press(.character("j"))
        app.press(.character("j"))
        #expect(app.ui.state.detailID == start, "the detail lags while the cursor moves")
        await app.settleClock.sleepers(atLeast: 1)
        app.settleClock.advance(by: .milliseconds(49))
        #expect(app.ui.state.detailID == start, "not yet at rest")
        app.settleClock.advance(by: .milliseconds(1))
        let state = try await app.ui.state { $0.isDetailSettled }
        #expect(state.detailID == state.cursor)
        #expect(state.cursor != start)
    }

    @Test func eachMoveRestartsTheDelay() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let start = try #require(app.ui.state.cursor)
        app.press(.character("j"))
        await app.settleClock.sleepers(atLeast: 1)
        app.settleClock.advance(by: .milliseconds(40))
        app.press(.character("j"))
        // The first sleep was cancelled; the new one is due 50 ms after the second move.
        await app.settleClock.sleepers(atLeast: 1)
        app.settleClock.advance(by: .milliseconds(40))
        #expect(app.ui.state.detailID == start, "80 ms after the first move, 40 after the last: still moving")
        app.settleClock.advance(by: .milliseconds(10))
        let state = try await app.ui.state { $0.isDetailSettled }
        #expect(state.detailID == state.cursor)
    }

    @Test func aSettledPaneLeavesNoEffectRunning() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        app.press(.character("j"))
        await app.settleClock.sleepers(atLeast: 1)
        app.press(.tab)  // not a move: the pane catches up at once
        #expect(app.ui.state.isDetailSettled)
        // The armed sleep was cancelled: advancing wakes nothing, and nothing is sent.
        app.settleClock.advance(by: .seconds(1))
        #expect(app.ui.state.isDetailSettled)
    }
}
