import FluxTesting
import Testing
import Foundation
import Flux
@testable import CommentsKit

/// `o`: the list threaded (the default), newest first or oldest first, flat; kept per site
/// with the filters, and read back from files written before there was an order.
@MainActor
@Suite struct CommentOrderTests {
    @Test func theOrderCyclesThreadedNewestOldestAndBack() {
        #expect(CommentOrder.threaded.next == .newestFirst)
        #expect(CommentOrder.newestFirst.next == .oldestFirst)
        #expect(CommentOrder.oldestFirst.next == .threaded)
        #expect(CommentOrder.threaded.label == nil)
        #expect(CommentOrder.newestFirst.label == "newest first")
    }

    @Test func flatOrdersListEveryCommentByDateAtDepthZero() async throws {
        let (fixture, receipt) = try await AnnotationFilterStoreTests.loaded(persistence: nil)
        let threaded = fixture.visible.rows(site: fixture.site)
        #expect(threaded.contains { $0.depth > 0 }, "the seed has replies")
        fixture.dispatcher.dispatch(FilterAction.cycleOrder)
        #expect(fixture.filters.state.order == .newestFirst)
        let newest = fixture.visible.rows(site: fixture.site)
        let comments = fixture.comments.state.comments(of: fixture.site)
        let dates = newest.compactMap { comments[$0.id]?.date }
        #expect(Set(newest.map(\.id)) == Set(threaded.map(\.id)))
        #expect(dates == dates.sorted(by: >))
        #expect(newest.allSatisfy { $0.depth == 0 && !$0.hasReplies })
        // A reply says it answers something not beside it.
        let reply = try #require(newest.first { comments[$0.id]?.parent != 0 })
        #expect(reply.isOutOfContext)
        fixture.dispatcher.dispatch(FilterAction.cycleOrder)
        let oldest = fixture.visible.rows(site: fixture.site)
        #expect(oldest.map(\.id) == newest.map(\.id).reversed())
        fixture.dispatcher.dispatch(FilterAction.cycleOrder)
        #expect(fixture.visible.rows(site: fixture.site) == threaded)
        _ = receipt
    }

    @Test func theOrderIsSavedPerSiteAndReadAtTheNextStart() async throws {
        let storage = MemoryFilterStorage()
        do {
            let (fixture, receipt) = try await AnnotationFilterStoreTests.loaded(persistence: storage)
            fixture.dispatcher.dispatch(FilterAction.cycleOrder)
            #expect(await fixture.filters.effectsFinished(timeout: .safetyNet))
            #expect(storage.load(site: fixture.site)?.order == .newestFirst)
            _ = receipt
        }
        let (restarted, receipt) = try await AnnotationFilterStoreTests.loaded(persistence: storage)
        #expect(restarted.filters.state.order == .newestFirst)
        _ = receipt
    }

    @Test func aFileWrittenBeforeThereWasAnOrderStillLoadsAsThreaded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-order-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let persistence = FilterPersistence(directory: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let old = #"{"enabled":["status:hold"],"site":"site-1"}"#
        try Data(old.utf8).write(to: persistence.file(for: "site-1"))
        let saved = try #require(persistence.load(site: "site-1"))
        #expect(saved.enabled == ["status:hold"])
        #expect(saved.order == nil)
    }
}
