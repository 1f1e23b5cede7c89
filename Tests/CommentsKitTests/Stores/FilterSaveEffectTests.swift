import Testing
import Foundation
import Flux
import FluxTesting
@testable import CommentsKit

/// The filter reducer records each save it asks for in the state (the newest per site)
/// and returns the write as an effect that replaces the site's save still on its way: the
/// newest lands last, whatever order the effects run in.
@MainActor
@Suite struct FilterSaveEffectTests {
    let site: SiteID = "site-1"
    let storage = MemoryFilterStorage()
    /// A comments store holding no comments of the site: every count is 0, and a test
    /// states only what a save changes.
    let comments = CommentsStore(sites: [], dispatcher: Dispatcher())

    /// The app's filter store, showing the site, under test: set up first, then hosted.
    private func testStore() -> TestStore<FilterState, FilterAction> {
        // Imported empty, so the site's comments keep one revision (an absent site reads
        // as a new empty value each time).
        comments.dispatcher.dispatch(CommentsImported(site: site, comments: []))
        let filters = AnnotationFilterStore(comments: comments, dispatcher: comments.dispatcher, persistence: storage,
                                            now: { .now }, calendar: Calendar(identifier: .gregorian))
        comments.dispatcher.dispatch(FilterAction.showSite(site))
        return TestStore(hosting: filters)
    }

    private func saved(_ enabled: [FilterCriterion], group: FilterGroupID? = nil) -> FilterPersistence.Saved {
        FilterPersistence.Saved(enabled: enabled.map(\.key).sorted(), selectedGroup: group)
    }

    @Test func aToggleRecordsItsSaveAndItsEffectWritesIt() async throws {
        let store = testStore()
        let spam = try #require(store.state.groups[0].filters.firstIndex { $0.id == .status(.spam) })
        await store.send(.toggle(.status(.spam))) {
            $0.groups[0].filters[spam].isEnabled = true
            $0.isFiltering = true
            $0.requestedSaves[site] = saved([.status(.spam)])
        }
        await store.send(.selectGroup(.thread)) {
            $0.selectedGroup = .thread
            $0.requestedSaves[site] = saved([.status(.spam)], group: .thread)
        }
        await store.finish(timeout: .safetyNet)
        #expect(storage.load(site: site)?.enabled == [FilterCriterion.status(.spam).key])
        #expect(storage.load(site: site)?.selectedGroup == .thread)
    }

    @Test func anActionThatLeavesTheFiltersAsLastSavedAsksNoSave() async {
        let store = testStore()
        await store.send(.selectGroup(.date)) {
            $0.selectedGroup = .date
            $0.requestedSaves[site] = saved([], group: .date)
        }
        // The same group again: nothing changes, nothing is written.
        await store.send(.selectGroup(.date))
        await store.finish(timeout: .safetyNet)
    }

    @Test func aSaveReplacedBeforeItsTurnWritesNothing() async {
        let writer = FilterSaveWriter(storage: storage)
        writer.write(saved([.needsReply]), site: site)
        // The effect of an older save, cancelled by a newer one before it ran.
        let late = Task { @MainActor in writer.write(saved([.status(.trash)]), site: site) }
        late.cancel()
        await late.value
        #expect(storage.load(site: site)?.enabled == [FilterCriterion.needsReply.key])
    }
}
