import Foundation
import Synchronization
import Testing
import Flux
@testable import CommentsKit

/// The saved filters of every site are read once, when the filter store is made: showing a
/// site (and showing it again) reads the state, never a file from inside the reducer.
@MainActor
@Suite struct SavedFiltersReadOnceTests {
    /// A storage that counts its reads.
    private final class CountingStorage: FilterStorage {
        let inner = MemoryFilterStorage()
        let reads = Mutex(0)
        func load(site: SiteID) -> FilterPersistence.Saved? {
            reads.withLock { $0 += 1 }
            return inner.load(site: site)
        }
        func save(_ saved: FilterPersistence.Saved, site: SiteID) throws { try inner.save(saved, site: site) }
    }

    @Test func showingSitesReadsNoFileAndKeepsWhatWasSaved() throws {
        let storage = CountingStorage()
        let probe = try StoreFixture(sites: 2)
        let spamOn = FilterPersistence.Saved(enabled: [FilterCriterion.status(.spam).key], selectedGroup: nil)
        try storage.save(spamOn, site: probe.site)
        let fixture = try StoreFixture(sites: 2, persistence: storage)
        #expect(storage.reads.withLock { $0 } == 2)  // one per site, at start
        let sites = fixture.comments.state.sites.map(\.id)
        for site in sites + sites { fixture.dispatcher.dispatch(FilterAction.showSite(site)) }
        #expect(storage.reads.withLock { $0 } == 2)
        fixture.dispatcher.dispatch(FilterAction.showSite(fixture.site))
        #expect(fixture.filters.state.enabled.contains(.status(.spam)))
    }
}
