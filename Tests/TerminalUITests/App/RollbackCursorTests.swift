import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
import CommentsKit
@testable import TerminalUI

/// Keys act on the comment the user sees: after a write is rolled back, the cursor and the
/// detail pane are on the comment that came back, so the next key targets it again.
@MainActor
@Suite struct RollbackCursorTests {
    /// Every write fails; reads work.
    private static var failingWrites: MockFaults {
        var faults = MockFaults(failureRate: 1)
        faults.failingRoutes = MockRoute.writes
        return faults
    }

    /// The ids of the comments the mock was asked to change, in order.
    private func writeTargets(_ app: UIHarness) -> [Int] {
        app.server.requestLog.filter { $0.route.map(MockRoute.writes.contains) == true }.compactMap { record in
            record.target.split(separator: "?").first?.split(separator: "/").last.flatMap { Int($0) }
        }
    }

    @Test(arguments: ["d", "s"])
    func aFailedWriteLeavesTheCursorOnItsCommentAndTheSameKeyTargetsItAgain(_ key: String) async throws {
        let app = try UIHarness(width: 132, height: 40, faults: Self.failingWrites)
        try await app.start()
        let target = try #require(app.selected).id
        app.press(.character(Character(key)))
        #expect(app.ui.state.cursor != target, "optimistic: the comment left the list, the cursor moved on")
        try await app.settled()
        #expect(app.ui.state.cursor == target, "back on the comment that came back")
        #expect(app.ui.state.detailID == target, "and the detail pane with it")
        #expect(app.screen.contains("comment #\(target)"))
        app.press(.character(Character(key)))
        try await app.settled()
        #expect(writeTargets(app) == [target, target], "the second press targets the same comment")
        #expect(app.ui.state.cursor == target)
    }

    @Test func aRollbackAfterTheUserMovedOnBringsTheCursorBack() async throws {
        let app = try UIHarness(width: 132, height: 40, faults: Self.failingWrites)
        try await app.start()
        let target = try #require(app.selected).id
        app.press(.character("d"))
        app.press(.character("j"), .character("j"))
        let movedTo = app.ui.state.cursor
        #expect(movedTo != target)
        try await app.settled()
        #expect(app.ui.state.cursor == target)
        #expect(app.ui.state.detailID == target)
    }

    @Test func aWriteThatWorksLeavesTheCursorWhereItLanded() async throws {
        let app = try UIHarness()
        try await app.start()
        let target = try #require(app.selected).id
        app.press(.character("d"))
        let landed = app.ui.state.cursor
        try await app.settled()
        #expect(app.ui.state.cursor == landed)
        #expect(app.ui.state.cursor != target)
    }

    @Test func zWalksBackThroughTheTrashesAndSaysWhatItUndid() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        var trashed: [CommentEntry] = []
        for _ in 0..<3 {
            trashed.append(try #require(app.selected))
            app.press(.character("d"))
        }
        try await app.settled()
        app.press(.character("?"))
        let newest = try #require(trashed.last)
        #expect(app.screen.contains("undo: trash of \(newest.authorName)'s comment"), "the help says what z undoes next")
        app.press(.escape)
        for entry in trashed.reversed() {
            app.press(.character("z"))
            #expect(app.ui.state.cursor == entry.id, "the cursor goes to the comment z brings back")
            try await app.settled()
            #expect(app.screen.contains("Undone: trash of \(entry.authorName)'s comment"))
        }
        app.press(.character("z"))
        #expect(app.screen.contains("Nothing to undo."))
    }

    @Test func switchingSiteDropsTheOtherSitesMessage() async throws {
        let app = try UIHarness(width: 132, height: 40, faults: Self.failingWrites)
        try await app.start()
        app.press(.character("d"))
        try await app.settled()
        #expect(app.screen.contains("Trash failed"))
        app.press(.character("]"))
        try await app.follow()
        #expect(!app.screen.contains("Trash failed"), "the message was about the other site")
    }

    @Test func aNoticeAboutAnotherSiteSaysWhich() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let other = try #require(app.server.sites.last)
        app.server.faults.offline = true
        app.dispatcher.dispatch(CommentsAction.verifyCredentials(site: other.id))
        _ = try await app.comments.state { $0.notice?.topic == .login }
        #expect(app.screen.contains("\(other.name): Could not check the login"))
    }

    @Test func theStillBeingSentHintGoesWhenTheWritesAreDone() async throws {
        var faults = MockFaults()
        faults.routeLatency = [.deleteComment: .milliseconds(200)]
        let app = try UIHarness(faults: faults)
        try await app.start()
        app.press(.character("d"))
        app.press(.character("q"))
        #expect(app.screen.contains("1 change is still being sent"))
        try await app.settled()
        #expect(!app.screen.contains("still being sent"))
        #expect(!app.ui.state.isQuitArmed)
        #expect(!app.ui.state.isQuitting)
    }
}
