import Testing
import Foundation
import Flux
import FluxTesting
@testable import CommentsKit
import MockREST

/// Issue 14's instant start on a large site: after the first screenful, the rest of the
/// cached copy is merged in batches (``CachingReducer/mergedAtOnce``), so a key typed
/// while it is read is handled between two batches instead of after the whole site (a
/// reviewer saw a 100,000-comment site ignore keys for 90 s in a debug build).
@MainActor
@Suite struct CachedStartInBatchesTests {
    @Test func theRestOfALargeCopyIsMergedInBatchesAndAllOfItArrives() async throws {
        let total = CachingReducer.mergedAtOnce + CachingReducer.firstScreenful + 50
        let server = MockServer(MockConfiguration(seed: 3, siteCount: 1, commentsPerSite: 5))
        let cache = CommentsCacheTests.MemoryCache()
        let mockSite = try #require(server.sites.first)
        await cache.seed((1...total).map { CommentTableTests.comment($0, parent: $0 % 4 == 0 ? $0 - 1 : 0) }, site: mockSite.id)
        let fixture = try CommentsCacheTests.Fixture(server: server, cache: cache)
        var counts: [Int] = []
        let watching = fixture.store.subscribe { _, new in
            if new.cache.reading.contains(fixture.site) { counts.append(new.comments(of: fixture.site).count) }
        }
        fixture.dispatcher.dispatch(CommentsAction.readCache(site: fixture.site))
        let read = try await fixture.store.state { $0.cache.reading.isEmpty }
        withExtendedLifetime(watching) {}
        #expect(read.comments(of: fixture.site).count == total)
        // The first screenful, then at least one batch before the last: a state with more
        // than the screenful and less than the whole copy, while it was still being read.
        #expect(counts.contains(CachingReducer.firstScreenful))
        #expect(counts.contains { $0 > CachingReducer.firstScreenful && $0 < total })
    }
}
