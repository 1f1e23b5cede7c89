import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
import CommentsKit
@testable import TerminalUI

/// Bulk actions on tagged comments (issue 13): one question stating the count and the
/// action, bounded concurrency, progress, Esc, partial failure and retry, one undo.
@MainActor
@Suite struct BulkModerationTests {
    /// Tags the first `count` comments of the list with `x`.
    private func tag(_ count: Int, _ app: UIHarness) throws -> [Int] {
        let site = try #require(app.ui.state.site)
        for _ in 0..<count { app.press(.character("x")) }
        let tagged = app.ui.state.tags.ids(on: site)
        try #require(tagged.count == count)
        return app.comments.state.comments(of: site).allEntries.map(\.id).filter(tagged.contains)
    }

    private func serverStatus(_ app: UIHarness, _ id: Int) -> MockCommentStatus? {
        app.ui.state.site.flatMap { app.server.comment(site: $0, id: id)?.status }
    }

    private func openQuestion(_ app: UIHarness) -> TerminalUI.Confirmation? {
        if case .confirm(let confirmation) = app.ui.state.mode { return confirmation }
        return nil
    }

    @Test(arguments: [
        ("a", "Approve 5 tagged comments?", MockCommentStatus.approved),
        ("u", "Unapprove 5 tagged comments?", .hold),
        ("s", "Spam 5 tagged comments?", .spam),
        ("d", "Trash 5 tagged comments?", .trash),
    ])
    func aModerationKeyAsksOnceThenActsOnEveryTaggedComment(key: String, asks: String, ends: MockCommentStatus) async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let ids = try tag(5, app)
        let before = app.server.requestLog.count
        app.press(.character(Character(key)))
        let asked = try #require(openQuestion(app))
        #expect(asked.question.hasPrefix(asks))
        #expect(asked.question.contains("z undoes it all"))
        #expect(app.server.requestLog.count == before, "nothing is sent before the answer")
        #expect(app.screen.contains(asks), "the dialog shows the question")
        app.press(.character("y"))
        try await app.settled()
        for id in ids { #expect(serverStatus(app, id) == ends) }
        #expect(app.ui.state.tags.ids(on: try #require(app.ui.state.site)).isEmpty, "what was done is untagged")
        #expect(app.comments.state.notice?.message.contains(" of 5 done") == true)
    }

    @Test func bigDAsksSayingItCannotBeUndoneThenDeletesEveryTaggedComment() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let ids = try tag(3, app)
        app.press(.character("D"))
        let asked = try #require(openQuestion(app))
        #expect(asked.question.hasPrefix("Delete 3 tagged comments permanently? It cannot be undone."))
        app.press(.character("y"))
        try await app.settled()
        for id in ids { #expect(serverStatus(app, id) == nil, "deleted for good") }
        #expect(app.comments.state.undoStack.isEmpty, "a deletion is never undoable")
    }

    @Test func restoreOnTaggedTrashBringsThemBack() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let ids = try tag(3, app)
        app.press(.character("d"), .character("y"))
        try await app.settled()
        for id in ids { #expect(serverStatus(app, id) == .trash) }
        app.dispatcher.dispatch(FilterAction.toggle(.status(.trash)))
        let trashed = try #require(app.server.comments(site: site)?.filter { $0.status == .trash && $0.type == "comment" })
        app.press(.character("X"), .character("t"))
        #expect(try #require(openQuestion(app)).question.hasPrefix("Restore \(trashed.count) tagged comments?"))
        app.press(.character("y"))
        try await app.settled()
        for comment in trashed { #expect(serverStatus(app, comment.id) != .trash) }
    }

    @Test func noAnswerSendsNothingAndKeepsTheTags() async throws {
        let app = try UIHarness()
        try await app.start()
        let ids = try tag(4, app)
        app.press(.character("s"), .character("n"))
        #expect(app.comments.state.writesInFlight == 0)
        #expect(app.ui.state.tags.ids(on: try #require(app.ui.state.site)) == Set(ids))
    }

    @Test func atMostFourRequestsAreInFlightAndTheStatusLineCounts() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        _ = try tag(10, app)
        app.press(.character("s"), .character("y"))
        #expect(app.comments.state.bulk?.isChecking == true, "the run reads its comments on the site first")
        _ = try await app.comments.state { $0.writesInFlight > 0 }
        #expect(app.comments.state.writesInFlight == BulkRun.concurrency)
        #expect(app.comments.state.bulk?.queue.count == 10 - BulkRun.concurrency)
        #expect(app.screen.contains("Spam: 0 / 10"))
        _ = try await app.comments.state { ($0.bulk?.finishedCount ?? 0) >= 1 }
        #expect(app.comments.state.writesInFlight <= BulkRun.concurrency)
        try await app.settled()
        #expect(app.screen.contains("Spam: 10 of 10 done"))
    }

    @Test func escDuringARunStopsWhatIsNotSentAndSaysHowManyWereDone() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let ids = try tag(10, app)
        app.press(.character("s"), .character("y"))
        _ = try await app.comments.state { $0.writesInFlight > 0 }
        app.press(.escape)
        try await app.settled()
        let spammed = ids.filter { serverStatus(app, $0) == .spam }
        #expect(spammed.count == BulkRun.concurrency, "what was in flight is done, nothing more was sent")
        #expect(app.comments.state.bulk == nil)
        let message = try #require(app.comments.state.notice?.message)
        #expect(message.contains("4 of 10 done"))
        #expect(message.contains("stopped, 6 not sent"))
        #expect(app.ui.state.tags.ids(on: site).count == 6, "what was not sent stays tagged")
    }

    @Test func aPartialFailureRollsBackOnlyTheFailedKeepsThemTaggedAndOneKeyRetriesThem() async throws {
        var faults = MockFaults(failureRate: 0.5, seed: 7)
        faults.failingRoutes = MockRoute.writes
        let app = try UIHarness(width: 132, height: 40, faults: faults)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let ids = try tag(12, app)
        let before = Dictionary(uniqueKeysWithValues: ids.map { ($0, app.comments.state.comments(of: site)[$0]?.status) })
        app.press(.character("s"), .character("y"))
        try await app.settled()
        let failed = ids.filter { serverStatus(app, $0) != .spam }
        try #require(!failed.isEmpty && failed.count < ids.count, "the seed fails some, not all")
        for id in failed {
            #expect(app.comments.state.comments(of: site)[id]?.status == before[id], "rolled back, that one only")
        }
        #expect(app.ui.state.tags.ids(on: site) == Set(failed), "the failed stay tagged, the done do not")
        let notice = try #require(app.comments.state.notice)
        #expect(notice.kind == .error)
        #expect(notice.nextStep == .retryBulkFailures)
        let words = NoticeText.words(notice, keyMap: app.keyMap)
        #expect(words.contains("\(failed.count) failed"))
        #expect(words.contains(". retries them"))
        #expect(words.contains("\(failed.count) × "), "failures grouped by reason")
        app.server.faults = MockFaults()
        app.press(.character("."))
        try await app.settled()
        for id in ids { #expect(serverStatus(app, id) == .spam) }
        #expect(app.ui.state.tags.ids(on: site).isEmpty)
    }

    @Test func oneZUndoesAWholeBulkSpam() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let ids = try tag(6, app)
        let before = ids.map { serverStatus(app, $0) }
        app.press(.character("s"), .character("y"))
        try await app.settled()
        #expect(ids.allSatisfy { serverStatus(app, $0) == .spam })
        #expect(NoticeText.words(try #require(app.comments.state.notice), keyMap: app.keyMap).contains("z to undo"))
        app.press(.character("?"))
        #expect(app.screen.contains("undo: spam of 6 comments"), "the help says z undoes the whole run")
        app.press(.escape)
        app.press(.character("z"))
        try await app.settled()
        #expect(ids.map { serverStatus(app, $0) } == before, "every comment back to its own status")
        #expect(app.comments.state.undoStack.isEmpty, "one z took the whole run")
        #expect(app.comments.state.notice?.message.contains("Undo: 6 of 6 done") == true)
        _ = site
    }

    @Test func anUndoFinishedByDotLeavesTheHelpWithNothingToUndo() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        _ = try tag(6, app)
        app.press(.character("s"), .character("y"))
        try await app.settled()
        var faults = MockFaults(failureRate: 1)
        faults.failingRoutes = MockRoute.writes
        app.server.faults = faults
        app.press(.character("z"))
        try await app.settled()
        #expect(app.comments.state.notice?.message.contains("Undo: 0 of 6 done") == true)
        app.server.faults = MockFaults()
        app.press(.character("."))
        try await app.settled()
        #expect(app.comments.state.notice?.message.contains("Undo: 6 of 6 done") == true)
        app.press(.character("?"))
        #expect(!app.screen.contains("undo: spam of"), "the help names no step that was undone already")
        #expect(app.screen.contains("undo: nothing to undo"))
    }

    @Test func answersLostAfterTheSiteAppliedThemAreSettledAsDone() async throws {
        // Every write is carried out, then its connection drops: only a look at the site tells.
        var faults = MockFaults(failureRate: 1, failureKind: .droppedAfterApplying)
        faults.failingRoutes = MockRoute.writes
        let app = try UIHarness(width: 132, height: 40, faults: faults)
        try await app.start()
        let ids = try tag(5, app)
        app.press(.character("s"), .character("y"))
        try await app.settled()
        for id in ids { #expect(serverStatus(app, id) == .spam) }
        let site = try #require(app.ui.state.site)
        #expect(ids.allSatisfy { app.comments.state.comments(of: site)[$0]?.status == .spam }, "not rolled back")
        #expect(app.comments.state.lastBulk?.failures.isEmpty == true)
        #expect(app.comments.state.notice?.kind == .info)
    }

    @Test func quittingDuringARunAsksFirstAndThenSendsNothingMore() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let ids = try tag(10, app)
        app.press(.character("s"), .character("y"))
        _ = try await app.comments.state { $0.writesInFlight > 0 }
        app.press(.character("q"))
        #expect(app.ui.state.isQuitting == false, "a first q asks")
        #expect(app.ui.state.hint?.hasPrefix("Spam is running: 0 of 10 done. q again stops it") == true)
        app.press(.character("q"))
        #expect(app.ui.state.isQuitting)
        #expect(app.comments.state.bulk?.isStopped == true, "nothing more is sent")
        try await app.settled()
        #expect(ids.filter { serverStatus(app, $0) == .spam }.count == BulkRun.concurrency, "only what was in flight")
    }
}

