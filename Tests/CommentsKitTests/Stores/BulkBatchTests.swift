import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// Bulk runs through `/batch/v1` (issue 13): single requests where the comment routes do
/// not allow batching (WordPress 6.1, the default mock), batches of the site's size where
/// they do, each sub-request failing on its own, and a batch whose answer is lost settled
/// comment by comment.
@MainActor
@Suite struct BulkBatchTests {
    @Test func aSiteWhoseCommentRoutesDoNotAllowBatchingGetsOneRequestPerComment() async throws {
        let mock = try await BulkSite(batchComments: false)
        let ids = mock.notSpam(40)
        let run = try await mock.spam(ids)
        #expect(run.succeeded.count == 40)
        #expect(mock.comments.state.bulkBatchSizes[mock.site] == 1)
        #expect(mock.server.requestCount(.batch) == 0)
        #expect(mock.server.requestCount(.updateComment) == 40)
        #expect(ids.allSatisfy { mock.serverStatus($0) == .spam })
    }

    @Test func aSiteThatAllowsBatchingGetsBatchesOfItsSize() async throws {
        let mock = try await BulkSite(batchComments: true)
        let first = mock.notSpam(6)
        _ = try await mock.spam(first)
        #expect(mock.comments.state.bulkBatchSizes[mock.site] == 25, "the mock's maxItems, read from its index")
        mock.server.resetRequestLog()
        let ids = mock.notSpam(60)
        let run = try await mock.spam(ids)
        #expect(run.succeeded.count == 60 && run.failures.isEmpty)
        #expect(mock.server.requestCount(.batch) == 3, "25 + 25 + 10")
        #expect(mock.server.requestCount(.updateComment) == 0)
        #expect(ids.allSatisfy { mock.serverStatus($0) == .spam })
        #expect(ids.allSatisfy { mock.comments.state.comments(of: mock.site)[$0]?.status == .spam })
        #expect(mock.comments.state.notice?.message == "Spam: 60 of 60 done", "one run, one notice")
    }

    @Test func aFailedSubRequestFailsItsCommentOnlyWhichIsPutBack() async throws {
        let mock = try await BulkSite(batchComments: true)
        _ = try await mock.spam(mock.notSpam(6))  // more than the first requests carry: the index is read
        mock.server.faults = MockFaults(failureRate: 0.3, failingRoutes: [.updateComment], seed: 3)
        mock.server.resetRequestLog()
        let ids = mock.notSpam(50)
        let run = try await mock.spam(ids)
        let failed = ids.filter { mock.serverStatus($0) != .spam }
        #expect(!failed.isEmpty && failed.count < 50, "some sub-requests failed, not all")
        #expect(mock.server.requestCount(.batch) == 2)
        #expect(Set(run.failures.map(\.item.id)) == Set(failed))
        #expect(run.succeeded.count == 50 - failed.count)
        let local = mock.comments.state.comments(of: mock.site)
        #expect(failed.allSatisfy { local[$0]?.status != .spam && local[$0]?.mark == nil }, "each failed one is back as it was")
        #expect(run.failureCounts.count == 1 && run.failureCounts.first?.reason.contains("critical error") == true)
    }

    @Test(arguments: [MockFailureKind.droppedAfterApplying, .droppedConnection])
    func aBatchWhoseAnswerIsLostIsSettledCommentByComment(_ kind: MockFailureKind) async throws {
        let mock = try await BulkSite(batchComments: true)
        _ = try await mock.spam(mock.notSpam(6))  // more than the first requests carry: the index is read
        mock.server.faults = MockFaults(failureRate: 1, failureKind: kind, failingRoutes: [.batch])
        mock.server.resetRequestLog()
        let ids = mock.notSpam(30)
        let run = try await mock.spam(ids)
        #expect(mock.server.requestCount(.batch) == 2)
        #expect(mock.server.requestCount(.getComment) == 30, "each comment of the lost batches was looked up")
        let local = mock.comments.state.comments(of: mock.site)
        if kind == .droppedAfterApplying {
            #expect(run.succeeded.count == 30 && run.failures.isEmpty, "found done: done")
            #expect(ids.allSatisfy { local[$0]?.status == .spam })
        } else {
            #expect(run.failures.count == 30 && run.succeeded.isEmpty, "found not done: failed, put back")
            #expect(ids.allSatisfy { local[$0]?.status != .spam && mock.serverStatus($0) != .spam })
        }
    }
}
