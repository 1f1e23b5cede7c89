import FluxTesting
import Testing
import Foundation
import Flux
@testable import CommentsKit

/// Filter saves are effects run by the filter store's runner, against a storage client:
/// in memory here, so no file is touched and nothing sleeps.
@MainActor
@Suite struct FilterSavesTests {
    @Test func aToggleIsSavedByAnEffectAndReadAtTheNextStart() async throws {
        let storage = MemoryFilterStorage()
        do {
            let (fixture, receipt) = try await AnnotationFilterStoreTests.loaded(persistence: storage)
            fixture.dispatcher.dispatch(FilterAction.toggle(.status(.spam)))
            fixture.dispatcher.dispatch(FilterAction.selectGroup(.thread))
            #expect(await fixture.filters.effectsFinished(timeout: .safetyNet))
            #expect(storage.load(site: fixture.site)?.enabled == [FilterCriterion.status(.spam).key])
            #expect(storage.load(site: fixture.site)?.selectedGroup == .thread)
            _ = receipt
        }
        let (restarted, receipt) = try await AnnotationFilterStoreTests.loaded(persistence: storage)
        #expect(restarted.filters.state.enabled == [.status(.spam)])
        #expect(restarted.filters.state.selectedGroup == .thread)
        _ = receipt
    }

    @Test func theNewestOfManySavesIsTheOneKept() async throws {
        let storage = MemoryFilterStorage()
        let (fixture, receipt) = try await AnnotationFilterStoreTests.loaded(persistence: storage)
        for _ in 0..<24 {  // an even number: each ends off
            fixture.dispatcher.dispatch(FilterAction.toggle(.needsReply))
            fixture.dispatcher.dispatch(FilterAction.toggle(.status(.hold)))
        }
        fixture.dispatcher.dispatch(FilterAction.toggle(.topLevel))
        #expect(await fixture.filters.effectsFinished(timeout: .safetyNet))
        #expect(storage.load(site: fixture.site)?.enabled == [FilterCriterion.topLevel.key])
        _ = receipt
    }

    @Test func flushingWritesWhatWaitsAtOnce() async throws {
        let storage = MemoryFilterStorage()
        let (fixture, receipt) = try await AnnotationFilterStoreTests.loaded(persistence: storage)
        fixture.dispatcher.dispatch(FilterAction.toggle(.replies))
        // Before any effect had a turn: quitting writes the save itself.
        fixture.filters.flushSaves()
        #expect(storage.load(site: fixture.site)?.enabled == [FilterCriterion.replies.key])
        _ = receipt
    }
}
