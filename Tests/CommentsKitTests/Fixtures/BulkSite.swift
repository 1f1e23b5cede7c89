import FluxTesting
import Foundation
import Testing
import Flux
import MockREST
@testable import CommentsKit

/// A comments store on one mock site, every comment loaded, for the bulk-run tests: runs
/// are dispatched as the keys dispatch them and waited for to their end.
@MainActor
struct BulkSite {
    let server: MockServer
    let dispatcher = Dispatcher()
    let comments: CommentsStore
    let site: SiteID
    let receipt: Receipt

    /// `batchComments`: whether the mock's comment routes allow `/batch/v1`.
    init(batchComments: Bool = false, comments count: Int = 80) async throws {
        var configuration = MockConfiguration(seed: 5, siteCount: 1, commentsPerSite: count)
        configuration.batchComments = batchComments
        server = MockServer(configuration)
        let mock = try #require(server.sites.first)
        let client = try WordPressClient(restBase: mock.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
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

    /// Dispatches `action`, which starts a bulk run, and waits for the run's end (and for
    /// the site's batch size).
    @discardableResult
    func run(_ action: CommentsAction) async throws -> BulkRun {
        let runs = comments.state.bulkRuns
        dispatcher.dispatch(action)
        let state = try await comments.state {
            $0.bulk == nil && $0.bulkRuns == runs + 1 && $0.bulkBatchSizes[site] != nil && $0.writesInFlight == 0
        }
        return try #require(state.lastBulk)
    }

    /// Spams `ids` as one bulk run and waits for its end.
    func spam(_ ids: [Int]) async throws -> BulkRun {
        try await run(.bulk(site: site, ids: ids, action: .moderate(.spam)))
    }

    /// Comment `id`'s status as the store has it.
    func status(_ id: Int) -> CommentStatus? {
        comments.state.comments(of: site)[id]?.status
    }

    /// Comment `id`'s status as the site has it.
    func serverStatus(_ id: Int) -> MockCommentStatus? {
        server.comment(site: site, id: id)?.status
    }
}
