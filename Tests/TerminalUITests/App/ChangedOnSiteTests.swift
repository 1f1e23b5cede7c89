import Foundation
import Testing
import Flux
import FluxTesting
import CommentsKit
@testable import TerminalUI

/// Fresh without `R` on screen (issue 27): the comment under the cursor is re-read once
/// the cursor rests on it, and a row someone else changed on the site is marked — in the
/// list and in the detail pane — until the cursor leaves it.
@MainActor
@Suite struct ChangedOnSiteTests {
    private func harness() async throws -> UIHarness {
        let harness = try UIHarness(width: 132, height: 24, commentsPerSite: 20, sites: 1, pollInterval: .seconds(60))
        try await harness.start()
        // Polling on: the site is kept fresh (its timer sleeps on the settle clock too).
        harness.dispatcher.dispatch(CommentsAction.startPolling(site: try #require(harness.ui.state.site)))
        return harness
    }

    /// Moves the clock by `duration` once the poll timer and the rest timer sleep on it (the
    /// detail pane settled first, so that its timer is not one of them).
    private func advance(_ harness: UIHarness, by duration: Duration) async {
        harness.rest()
        await harness.settleClock.sleepers(atLeast: 2)
        harness.settleClock.advance(by: duration)
    }

    @Test func aCommentChangedOutsideUnderTheRestingCursorIsReReadAndMarkedUntilLeft() async throws {
        let harness = try await harness()
        let site = try #require(harness.ui.state.site)
        harness.press(.character("j"))
        let id = try #require(harness.ui.state.cursor)
        // Approved ⇄ pending: both shown by the default filters (a comment spammed outside
        // leaves the list, and the status line says so).
        let wasApproved = harness.selected?.status == .approved
        harness.server.changeOutside(site: site, id: id, .status(wasApproved ? .hold : .approved))
        let now = wasApproved ? "now pending" : "now approved"
        await advance(harness, by: .seconds(1))
        _ = try await harness.comments.state { $0.siteChanges[site]?[id] != nil }
        harness.rest()
        let screen = harness.screen
        let row = try #require(screen.split(separator: "\n").first { $0.contains("changed on the site: \(now)") })
        #expect(row.hasPrefix("!"))
        #expect(screen.contains("Changed on the site (not by parley): \(now)"))
        #expect(harness.selected?.status == (wasApproved ? .hold : .approved))
        // The cursor leaves it: seen.
        harness.press(.character("j"))
        #expect(harness.comments.state.siteChanges[site] == nil)
        #expect(!harness.screen.contains("changed on the site"))
    }

    @Test func movingOnBeforeTheCursorRestsAsksNothing() async throws {
        let harness = try await harness()
        let site = try #require(harness.ui.state.site)
        harness.press(.character("j"))
        await advance(harness, by: .milliseconds(600))
        harness.press(.character("j"))
        await advance(harness, by: .milliseconds(600))
        #expect(harness.comments.state.sweeps[site]?.requestsSent == 0, "the first comment was left before the cursor rested")
        await advance(harness, by: .milliseconds(600))
        _ = try await harness.comments.state { $0.sweeps[site]?.requestsSent == 1 }
    }

    @Test func theHeaderSaysHowFreshTheViewIsOnlyOnceTheRefreshFallsBehind() async throws {
        let harness = try await harness()
        let site = try #require(harness.ui.state.site)
        harness.dispatcher.dispatch(CommentsAction.poll(site: site))
        // The status check, a page per tick.
        for _ in 0..<30 where harness.comments.state.sweeps[site]?.checkedAt == nil {
            harness.dispatcher.dispatch(CommentsAction.sweepTick(site: site))
            _ = try await harness.comments.state { $0.sweeps[site]?.isAsking == false }
        }
        _ = try await harness.comments.state { $0.sweeps[site]?.checkedAt != nil }
        func header(after seconds: TimeInterval) -> String {
            let model = ScreenModel(store: harness.ui, keyMap: harness.keyMap, now: harness.now.addingTimeInterval(seconds))
            return String(ScreenView.render(model).canvas.text.split(separator: "\n").first ?? "")
        }
        #expect(!header(after: 60).contains("checked"))
        #expect(header(after: 240).contains("checked 4 min ago"))
    }
}
