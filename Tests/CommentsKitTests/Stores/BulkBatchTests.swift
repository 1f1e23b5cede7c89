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
    /// A store on one mock site of `comments` comments, every one loaded.
    @MainActor private struct Site {
        let server: MockServer
        let dispatcher = Dispatcher()
        let comments: CommentsStore
        let site: SiteID
        let receipt: Receipt

        init(batchComments: Bool, comments count: Int = 80) async throws {
            var configuration = MockConfiguration(seed: 5, siteCount: 1, commentsPerSite: count)
            configuration.batchComments = batchComments
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

        /// Spams `ids` as one bulk run and waits for its end (and for the site's batch size).
        func spam(_ ids: [Int]) async throws -> BulkRun {
            let runs = comments.state.bulkRuns
            dispatcher.dispatch(CommentsAction.bulk(site: site, ids: ids, action: .moderate(.spam)))
            let state = try await comments.state {
                $0.bulk == nil && $0.bulkRuns == runs + 1 && $0.bulkBatchSizes[site] != nil && $0.writesInFlight == 0
            }
            return try #require(state.lastBulk)
        }

        func serverStatus(_ id: Int) -> MockCommentStatus? {
            server.comment(site: site, id: id)?.status
        }
    }

    @Test func aSiteWhoseCommentRoutesDoNotAllowBatchingGetsOneRequestPerComment() async throws {
        let mock = try await Site(batchComments: false)
        let ids = mock.notSpam(40)
        let run = try await mock.spam(ids)
        #expect(run.succeeded.count == 40)
        #expect(mock.comments.state.bulkBatchSizes[mock.site] == 1)
        #expect(mock.server.requestCount(.batch) == 0)
        #expect(mock.server.requestCount(.updateComment) == 40)
        #expect(ids.allSatisfy { mock.serverStatus($0) == .spam })
    }

    @Test func aSiteThatAllowsBatchingGetsBatchesOfItsSize() async throws {
        let mock = try await Site(batchComments: true)
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
        let mock = try await Site(batchComments: true)
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
        let mock = try await Site(batchComments: true)
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
