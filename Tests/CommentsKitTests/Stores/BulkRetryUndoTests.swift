import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// `.` (retry the last run's failures) after a bulk action and after its undo: the undo
/// stack names only what an undo can still revert, each step once.
@MainActor
@Suite struct BulkRetryUndoTests {
    @Test func onlyARunOfTaggedCommentsSaysItsFailuresStayTagged() async throws {
        // Seen in a review: an undo's failures were "put back (still tagged)", though an
        // undo's comments were never tagged.
        let mock = try await BulkSite(comments: 40)
        let ids = mock.notSpam(6)
        mock.failWrites(1)
        try await mock.run(.bulk(site: mock.site, ids: ids, action: .moderate(.spam)))
        #expect(mock.comments.state.notice?.message.hasSuffix("6 failed and were put back (still tagged)") == true)
        mock.failWrites(0)
        try await mock.run(.retryBulkFailures)
        mock.failWrites(1)
        try await mock.run(.undo)
        #expect(mock.comments.state.notice?.message.hasSuffix("6 failed and were put back") == true)
    }

    @Test func anUndoFinishedByRetryingItsFailuresLeavesNoUndoStepBehind() async throws {
        let mock = try await BulkSite(comments: 40)
        let ids = mock.notSpam(6)
        let before = ids.map(mock.status)
        try await mock.run(.bulk(site: mock.site, ids: ids, action: .moderate(.spam)))
        mock.failWrites(1)
        let undo = try await mock.run(.undo)
        try #require(undo.failures.count == 6)
        #expect(mock.comments.state.undoStack.count == 6, "z again would undo what failed")
        mock.failWrites(0)
        let retry = try await mock.run(.retryBulkFailures)
        #expect(retry.isUndo && retry.succeeded.count == 6)
        #expect(ids.map(mock.status) == before, "every comment back to its own status")
        #expect(mock.comments.state.undoStack.isEmpty, "the undo is done: nothing is left to undo")
    }

    @Test func anUndoWhoseRetryFailsAgainKeepsEachStepOnceOnTheStack() async throws {
        let mock = try await BulkSite(comments: 40)
        let ids = mock.notSpam(6)
        try await mock.run(.bulk(site: mock.site, ids: ids, action: .moderate(.spam)))
        mock.failWrites(1)
        try await mock.run(.undo)
        for _ in 1...3 {
            let retry = try await mock.run(.retryBulkFailures)
            #expect(retry.isUndo && retry.failures.count == 6)
            #expect(mock.comments.state.undoStack.map(\.id).sorted() == ids, "each step once, still to undo")
        }
        mock.failWrites(0)
        try await mock.run(.undo)
        #expect(ids.allSatisfy { mock.status($0) != .spam })
        #expect(mock.comments.state.undoStack.isEmpty)
    }

    @Test func aRetryAskedWhileAnotherRunIsUnderWayWaitsAndKeepsTheUndosFailuresOnTheStack() async throws {
        let mock = try await BulkSite(comments: 40)
        let ids = mock.notSpam(6)
        try await mock.run(.bulk(site: mock.site, ids: ids, action: .moderate(.spam)))
        mock.failWrites(1)
        try await mock.run(.undo)
        mock.failWrites(0)
        let others = mock.notSpam(10)
        mock.dispatcher.dispatch(CommentsAction.bulk(site: mock.site, ids: others, action: .moderate(.spam)))
        mock.dispatcher.dispatch(CommentsAction.retryBulkFailures)
        #expect(mock.comments.state.notice?.message.hasPrefix("Wait:") == true)
        _ = try await mock.comments.state { $0.bulk == nil && $0.writesInFlight == 0 }
        #expect(Set(mock.comments.state.undoStack.map(\.id)).isSuperset(of: ids), "z still undoes what failed")
    }

    @Test func oneUndoRevertsABulkActionTogetherWithTheRetryOfItsFailures() async throws {
        let mock = try await BulkSite(comments: 40)
        let ids = mock.notSpam(12)
        let before = ids.map(mock.status)
        mock.failWrites(0.5)
        let first = try await mock.run(.bulk(site: mock.site, ids: ids, action: .moderate(.spam)))
        try #require(!first.failures.isEmpty && !first.succeeded.isEmpty, "the seed fails some, not all")
        mock.failWrites(0)
        let retry = try await mock.run(.retryBulkFailures)
        #expect(retry.succeeded.count == first.failures.count)
        #expect(ids.allSatisfy { mock.status($0) == .spam })
        #expect(mock.comments.state.undoStack.count == 12)
        #expect(Set(mock.comments.state.undoStack.map(\.batch)).count == 1, "one step: the run and its retry")
        let undo = try await mock.run(.undo)
        #expect(undo.succeeded.count == 12)
        #expect(ids.map(mock.status) == before)
        #expect(mock.comments.state.undoStack.isEmpty)
    }
}
