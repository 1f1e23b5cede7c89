import Testing
@testable import parley

/// `parley cache`'s line per replica: counts written as every screen of parley writes them.
@Suite struct CacheListingTests {
    @Test func countsAreGroupedByThousands() {
        // Seen in a review: "98882 comments" where the header says "98,882".
        #expect(CacheCommand.describe(comments: 98_882, queued: 1_204, bytes: 0).hasPrefix("98,882 comments, 1,204 queued, "))
    }

    @Test func oneCommentAndNothingQueued() {
        #expect(CacheCommand.describe(comments: 1, queued: 0, bytes: 0).hasPrefix("1 comment, "))
    }

    @Test func anUnreadableFileSaysSo() {
        #expect(CacheCommand.describe(comments: nil, queued: nil, bytes: 0).hasPrefix("unreadable, "))
    }
}
