import CommentsKit
import Flux
import FluxTesting
import Foundation
import MockREST
import Testing

/// `--offline` on a real site: the list is the local copy, so parley asks the site for
/// nothing and reports no failure for what it did not ask (issue 14). Before, the first
/// load went out, failed at once and said "Could not load comments: … offline", with the
/// login check saying the same.
@MainActor
@Suite struct OfflineLoadingTests {
    let server = MockServer(MockConfiguration(seed: 3, siteCount: 1, commentsPerSite: 20))

    private func offlineStore() throws -> (CommentsStore, Dispatcher, SiteID) {
        let mockSite = try #require(server.sites.first)
        let client = try WordPressClient(restBase: mockSite.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
        let dispatcher = Dispatcher()
        let store = CommentsStore(sites: [SiteConnection(id: mockSite.id, name: mockSite.name, client: client)],
                                  dispatcher: dispatcher, pageSize: 10)
        dispatcher.dispatch(CommentsAction.workOffline(sites: [mockSite.id]))
        return (store, dispatcher, mockSite.id)
    }

    @Test func anOfflineSiteIsAskedForNoPageAndShowsNoLoadingError() throws {
        let (store, _, site) = try offlineStore()
        let query = CommentsQuery(site: site)
        let receipt = store.query(query)
        #expect(store.state.fetch(query).phase == .neverAsked)
        #expect(store.state.requests.pagesInFlight(query).isEmpty)
        #expect(store.state.notice == nil)
        receipt.cancel()
    }

    @Test func reloadingAnOfflineSiteSaysTheListIsTheLocalCopy() throws {
        let (store, dispatcher, site) = try offlineStore()
        let query = CommentsQuery(site: site)
        let receipt = store.query(query)
        dispatcher.dispatch(CommentsAction.refresh(query))
        #expect(store.state.requests.pagesInFlight(query).isEmpty)
        #expect(store.state.notice?.message.contains("offline") == true)
        #expect(store.state.notice?.kind == .info)
        receipt.cancel()
    }

    @Test func aLoginCheckThatCouldNotGoOutIsNoErrorWhenOffline() throws {
        let (store, dispatcher, site) = try offlineStore()
        dispatcher.dispatch(CommentsAction.credentialsChecked(site: site, result: .failure(.transport(.offline))))
        #expect(store.state.notice == nil)
    }

    @Test func anAddressHistoryIsNotCountedOfflineAndSaysWhy() throws {
        let (store, dispatcher, site) = try offlineStore()
        let address = AuthorAddress.email("ann@example.org")
        dispatcher.dispatch(CommentsAction.lookUpHistory(site: site, address: address))
        #expect(store.state.addressHistories[site]?[address] == .failed("parley is offline"))
    }
}
