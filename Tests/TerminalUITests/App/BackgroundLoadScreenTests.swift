import Foundation
import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// What the screen does while the rest of the site arrives: the cursor's comment keeps its
/// row on screen, `G` reaches the true end, and the header tells the progress.
@MainActor
@Suite struct BackgroundLoadScreenTests {
    /// A comment from elsewhere, newer than every comment of the mock: it lands on top.
    private static func newest(after date: Date, id: Int, parent: Int = 0) -> CommentsKit.Comment {
        CommentsKit.Comment(id: id, post: 1, parent: parent, author: 0, authorName: "Newcomer", authorURL: "",
                            date: date.addingTimeInterval(3600), contentHTML: "<p>just arrived</p>", link: "",
                            status: .approved, type: "comment")
    }

    @Test func commentsArrivingAboveTheCursorKeepItsCommentOnItsScreenRow() async throws {
        let harness = try UIHarness(commentsPerSite: 40, sites: 1)
        try await harness.start()
        for _ in 0..<12 { harness.press(.character("j")) }
        let cursor = try #require(harness.ui.state.cursor)
        let screenRow = harness.ui.state.cursorIndex - harness.ui.state.scrollTop
        let site = try #require(harness.ui.state.site)
        harness.dispatcher.dispatch(CommentsImported(site: site, comments: [
            Self.newest(after: harness.now, id: 90_001), Self.newest(after: harness.now, id: 90_002),
        ]))
        #expect(harness.ui.rows.contains { $0.id == 90_001 })
        #expect(harness.ui.state.cursor == cursor)
        #expect(harness.ui.state.cursorIndex - harness.ui.state.scrollTop == screenRow)
    }

    @Test func aReplyWhoseParentArrivesMovesAwayWithoutMovingTheCursorRow() async throws {
        let harness = try UIHarness(commentsPerSite: 40, sites: 1)
        try await harness.start()
        let site = try #require(harness.ui.state.site)
        // A reply to a comment not loaded yet: on top, its own thread, marked.
        harness.dispatcher.dispatch(CommentsImported(site: site, comments: [Self.newest(after: harness.now, id: 90_010, parent: 90_009)]))
        #expect(harness.ui.rows.first?.id == 90_010)
        for _ in 0..<12 { harness.press(.character("j")) }
        let cursor = try #require(harness.ui.state.cursor)
        let screenRow = harness.ui.state.cursorIndex - harness.ui.state.scrollTop
        // Its parent arrives, older than every loaded comment: the reply moves to the end.
        var parent = Self.newest(after: harness.now, id: 90_009)
        parent.date = Date(timeIntervalSinceReferenceDate: 0)
        harness.dispatcher.dispatch(CommentsImported(site: site, comments: [parent]))
        #expect(harness.ui.rows.suffix(2).map(\.id) == [90_009, 90_010])
        #expect(harness.ui.state.cursor == cursor)
        #expect(harness.ui.state.cursorIndex - harness.ui.state.scrollTop == screenRow)
    }

    @Test func bigGWhileLoadingEndsOnTheLastRowOfTheWholeSite() async throws {
        let harness = try UIHarness(commentsPerSite: 1_500, sites: 1, loadConcurrency: 2)
        let site = try #require(harness.server.sites.first).id
        harness.dispatcher.dispatch(UIAction.showSite(site))
        let query = try #require(harness.ui.currentQuery)
        let receipt = harness.comments.query(query)
        _ = try await harness.comments.state { $0.fetch(query).pagesLoaded >= 1 }
        #expect(!harness.comments.state.fetch(query).isComplete, "G comes while pages are still missing")
        harness.press(.character("G"))
        _ = try await harness.comments.state { $0.fetch(query).isComplete && !$0.fetch(query).isLoading }
        // The site's total: what it lists (the mock's pingbacks are not comments).
        #expect(harness.comments.state.comments(of: site).count == harness.comments.state.fetch(query).total)
        #expect(harness.ui.state.cursor == harness.ui.rows.last?.id)
        #expect(harness.ui.state.cursorIndex == harness.ui.rows.count - 1)
        #expect(!harness.ui.state.followsEnd, "once everything is in, the cursor no longer follows the end")
        _ = receipt
    }

    @Test func theHeaderCountsTheBackgroundLoadThenTheTotal() async throws {
        let harness = try UIHarness(width: 100, commentsPerSite: 1_234, sites: 1, loadConcurrency: 1)
        let site = try #require(harness.server.sites.first).id
        harness.dispatcher.dispatch(UIAction.showSite(site))
        let query = try #require(harness.ui.currentQuery)
        let receipt = harness.comments.query(query)
        _ = try await harness.comments.state { $0.fetch(query).pagesLoaded == 1 }
        let total = try #require(harness.comments.state.fetch(query).total)
        #expect(total > 1_000)
        // Read together: the next page may be in already.
        let loaded = harness.comments.state.comments(of: site).serverCount, screen = harness.screen
        try #require(loaded < total, "the load is still going")
        #expect(screen.split(separator: "\n").first?.contains("loading \(CountFormat.grouped(loaded)) of \(CountFormat.grouped(total))") == true, "\(screen)")
        _ = try await harness.comments.state { $0.fetch(query).isComplete && !$0.fetch(query).isLoading }
        let header = String(harness.screen.split(separator: "\n").first ?? "")
        #expect(!header.contains("loading"))
        #expect(header.hasSuffix("shown of \(CountFormat.grouped(total))"), "\(header)")
        _ = receipt
    }

    /// A site opened from its local copy is checked against the site page by page: the
    /// header says how far, as a first load does (the review saw "cached, checking" alone
    /// for minutes on a big site).
    @Test func theHeaderSaysHowFarTheCheckOfACachedSiteIs() async throws {
        let cache = OneCachedComment()
        let harness = try UIHarness(width: 120, commentsPerSite: 1_234, sites: 1, loadConcurrency: 1, cache: cache)
        let site = try #require(harness.server.sites.first).id
        harness.dispatcher.dispatch(CommentsAction.readCache(site: site))  // as parley's start does
        harness.dispatcher.dispatch(UIAction.showSite(site))
        let query = try #require(harness.ui.currentQuery)
        let receipt = harness.comments.query(query)
        _ = try await harness.comments.state { $0.fetch(query).pagesLoaded == 1 }
        let fetch = harness.comments.state.fetch(query), screen = harness.screen
        let total = try #require(fetch.total)
        try #require(fetch.isLoading && fetch.loadedCount < total, "the check is still going")
        try #require(harness.comments.state.cache.unconfirmed.contains(site), "the site shows its cached copy")
        let header = String(screen.split(separator: "\n").first ?? "")
        #expect(header.hasSuffix("shown · cached, checking \(CountFormat.grouped(fetch.loadedCount)) of \(CountFormat.grouped(total))"),
                "\(header)")
        #expect(header.contains("Field Notes") || header.contains(harness.comments.state.sites[0].name), "the site's name keeps its place")
        _ = try await harness.comments.state { $0.fetch(query).isComplete && !$0.fetch(query).isLoading }
        #expect(!harness.screen.contains("cached"), "confirmed once the site is listed in full")
        _ = receipt
    }
}

/// A local copy holding one comment, for any site; it keeps nothing written to it.
private actor OneCachedComment: CommentsCache {
    func comments(site: SiteID, limit: Int?) async throws -> [CommentsKit.Comment] {
        [CommentsKit.Comment(id: 999_999, post: 1, parent: 0, author: 0, authorName: "cached", authorURL: "",
                             date: Date(timeIntervalSinceReferenceDate: 0), contentHTML: "<p>cached</p>", link: "",
                             status: .approved, type: "comment")]
    }
    func posts(site: SiteID) async throws -> [WordPressPost] { [] }
    func write(_ write: CacheWrite) async -> String? { nil }
}

/// `G` and the moves after it while the end is still loading.
@MainActor
@Suite struct FollowingTheEndTests {
    @Test func anotherMoveLetsGoOfTheEndWhilePagesStillCome() async throws {
        let harness = try UIHarness(commentsPerSite: 2_000, sites: 1, loadConcurrency: 1)
        let site = try #require(harness.server.sites.first).id
        harness.dispatcher.dispatch(UIAction.showSite(site))
        let query = try #require(harness.ui.currentQuery)
        let receipt = harness.comments.query(query)
        _ = try await harness.comments.state { $0.fetch(query).pagesLoaded >= 1 }
        harness.press(.character("G"))
        #expect(harness.ui.state.followsEnd)
        #expect(harness.comments.state.fetch(query).endFirst, "the oldest pages load next")
        harness.press(.character("k"))
        #expect(!harness.ui.state.followsEnd, "any other move lets go of the end")
        let cursor = harness.ui.state.cursor
        _ = try await harness.comments.state { $0.fetch(query).isComplete && !$0.fetch(query).isLoading }
        #expect(harness.ui.state.cursor == cursor, "the cursor stays on its comment as the rest arrives")
        _ = receipt
    }
}
