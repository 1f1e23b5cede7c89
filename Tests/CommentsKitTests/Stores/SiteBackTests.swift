import CommentsKit
import Flux
import FluxTesting
import Foundation
import MockREST
import Testing

/// A site that could not be reached at start and answers later, while parley runs: the
/// load it broke off goes on by itself. Found by a new-user review: the list stayed
/// "cached, checking…" with "Could not load comments: … connection refused" until `R`,
/// though the outbox had already sent its writes to the site.
@MainActor
@Suite struct SiteBackTests {
    let server = MockServer(MockConfiguration(seed: 4, siteCount: 1, commentsPerSite: 25))

    @Test func aLoadBrokenOffBecauseTheSiteWasDownGoesOnWhenItAnswersAgain() async throws {
        let mockSite = try #require(server.sites.first)
        let client = try WordPressClient(restBase: mockSite.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
        let dispatcher = Dispatcher()
        let store = CommentsStore(sites: [SiteConnection(id: mockSite.id, name: mockSite.name, client: client)],
                                  dispatcher: dispatcher, pageSize: 10)
        let query = CommentsQuery(site: mockSite.id)
        let receipt = store.query(query)
        _ = try await store.state { $0.fetch(query).phase == .loaded }
        // The site goes down; the list's check (as at a start from the replica) fails.
        var faults = server.faults
        faults.offline = true
        server.faults = faults
        dispatcher.dispatch(CommentsAction.refresh(query))
        _ = try await store.state { $0.fetch(query).error != nil }
        #expect(store.state.notice?.message.contains("Could not load comments") == true)

        faults.offline = false
        server.faults = faults
        // Any answer of the site: here the next poll for new comments.
        dispatcher.dispatch(CommentsAction.poll(site: mockSite.id))
        let loaded = try await store.state { $0.fetch(query).phase == .loaded }
        #expect(loaded.notice?.message.contains("Could not load comments") != true)
        receipt.cancel()
    }
}
