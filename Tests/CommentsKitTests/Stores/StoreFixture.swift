import Foundation
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// Stores wired to a fresh mock server through the real client and URLSession: what
/// every store test starts from.
@MainActor
struct StoreFixture {
    let server: MockServer
    let dispatcher = Dispatcher()
    /// The stores' clock, at the mock's reference date (`clock.date`); a test moves it with
    /// `clock.advance(by:)`.
    let clock: TestClock
    let comments: CommentsStore
    let filters: AnnotationFilterStore
    let visible: VisibleCommentsSelector
    let log: ActionLog
    let site: SiteID
    let query: CommentsQuery

    /// `batchComments`: whether the mock's comment routes allow `/batch/v1`; `journal`: where
    /// writes are logged.
    init(
        commentsPerSite: Int = 60, sites: Int = 1, faults: MockFaults = MockFaults(), persistence: (any FilterStorage)? = nil,
        ttl: TimeInterval = 60, batchComments: Bool = false, journal: (any WriteJournal)? = nil,
        spamModels: SiteSpamModels? = nil
    ) throws {
        var configuration = MockConfiguration(seed: 7, siteCount: sites, commentsPerSite: commentsPerSite, faults: faults)
        configuration.batchComments = batchComments
        server = MockServer(configuration)
        let reference = MockConfiguration().referenceDate
        let clock = TestClock(startDate: reference)
        self.clock = clock
        let session = server.sessionConfiguration()
        let connections = try server.sites.map { site in
            SiteConnection(id: site.id, name: site.name, client: try WordPressClient(restBase: site.restBase, configuration: session, timeout: .safetyNet, retry: .none))
        }
        log = ActionLog(on: dispatcher)
        comments = CommentsStore(sites: connections, dispatcher: dispatcher, ttl: ttl, pageSize: 25, now: { clock.date }, journal: journal,
                                 spamModels: spamModels)
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher, persistence: persistence, now: { clock.date }, calendar: utc)
        visible = VisibleCommentsSelector(comments: comments, filters: filters, now: { clock.date }, calendar: utc)
        site = connections[0].id
        query = CommentsQuery(site: site)
    }

    /// Holds the site's query and waits until its first page is in.
    func load(_ query: CommentsQuery? = nil) async throws -> Receipt {
        let query = query ?? self.query
        let receipt = comments.query(query)
        _ = try await comments.state { $0.fetch(query).phase == .loaded || $0.fetch(query).error != nil }
        return receipt
    }

    /// Loads every page of the site.
    func loadAll() async throws -> Receipt {
        let receipt = try await load()
        while comments.state.fetch(query).hasMore {
            let before = comments.state.fetch(query).pagesLoaded
            dispatcher.dispatch(CommentsAction.loadMore(query))
            _ = try await comments.state { $0.fetch(query).pagesLoaded > before || $0.fetch(query).error != nil }
        }
        return receipt
    }

    /// Waits until no write is in flight.
    func settled() async throws {
        _ = try await comments.state { $0.writesInFlight == 0 && $0.bulk == nil }
    }

    /// A second client on the same site: someone else moderating behind the store's back.
    func anotherModerator() throws -> WordPressClient {
        guard let site = server.sites.first else { throw MockNeverReceived(route: .listComments, count: 0) }
        return try WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
    }

    var siteComments: SiteComments { comments.state.comments(of: site) }

    /// The first loaded comment that satisfies `predicate`, by thread order.
    func entry(where predicate: (CommentEntry) -> Bool) -> CommentEntry? {
        siteComments.rows.lazy.compactMap { siteComments[$0.id] }.first(where: predicate)
    }

    func serverStatus(_ id: Int) -> MockCommentStatus? {
        server.comment(site: site, id: id)?.status
    }
}

/// The mock did not receive the requests a test waited for.
struct MockNeverReceived: Error {
    let route: MockRoute
    let count: Int
}
