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
    /// A store on one mock site, every comment loaded.
    @MainActor private struct Site {
        let server: MockServer
        let dispatcher = Dispatcher()
        let comments: CommentsStore
        let site: SiteID
        let receipt: Receipt

        init() async throws {
            let configuration = MockConfiguration(seed: 5, siteCount: 1, commentsPerSite: 40)
            server = MockServer(configuration)
            let mock = try #require(server.sites.first)
            let client = try WordPressClient(restBase: mock.restBase, configuration: server.sessionConfiguration(), retry: .none)
            let reference = configuration.referenceDate
            comments = CommentsStore(sites: [SiteConnection(id: mock.id, name: mock.name, client: client)],
                                     dispatcher: dispatcher, pageSize: 100, now: { reference })
            site = mock.id
            let query = CommentsQuery(site: site)
            receipt = comments.query(query)
            _ = try await comments.state { $0.fetch(query).phase == .loaded && !$0.fetch(query).hasMore }
        }

        /// Loaded comments not in the spam, in id order.
        func notSpam(_ count: Int) -> [Int] {
            Array(comments.state.comments(of: site).allEntries.filter { $0.status != .spam }.map(\.id).sorted().prefix(count))
        }

        /// Every write to the site fails (`rate` 1), some do, or none (0).
        func failWrites(_ rate: Double) {
            var faults = MockFaults(failureRate: rate, seed: 7)
            faults.failingRoutes = MockRoute.writes
            server.faults = faults
        }

        /// Dispatches `action`, which starts a bulk run, and waits for the run's end.
        @discardableResult
        func run(_ action: CommentsAction) async throws -> BulkRun {
            let runs = comments.state.bulkRuns
            dispatcher.dispatch(action)
            let state = try await comments.state {
                $0.bulk == nil && $0.bulkRuns == runs + 1 && $0.bulkBatchSizes[site] != nil && $0.writesInFlight == 0
            }
            return try #require(state.lastBulk)
        }

        func status(_ id: Int) -> CommentStatus? {
            comments.state.comments(of: site)[id]?.status
        }
    }

    @Test func onlyARunOfTaggedCommentsSaysItsFailuresStayTagged() async throws {
        // Seen in a review: an undo's failures were "put back (still tagged)", though an
        // undo's comments were never tagged.
        let mock = try await Site()
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
        let mock = try await Site()
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
        let mock = try await Site()
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
        let mock = try await Site()
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
        let mock = try await Site()
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
