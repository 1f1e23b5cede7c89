import Testing
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// The header's pending badge: the shown site's pending total as the site counts it, at
/// all times (before its comments are all loaded), following moderation at once, per
/// site, and dropped whole, last but one, as the header narrows.
@MainActor
@Suite struct PendingBadgeTests {
    /// What the mock holds pending on `site`, as wp-admin's badge counts it: comments and
    /// pings (pingbacks, trackbacks), never notes.
    func pendingOnServer(_ app: UIHarness, site: SiteID) throws -> Int {
        try #require(app.server.comments(site: site)).filter { $0.status == .hold && $0.type != "note" }.count
    }

    @Test(arguments: [80, 40]) func theBadgeSnapshot(_ width: Int) async throws {
        let app = try UIHarness(width: width, height: 10)
        try await app.start()
        Snapshot.assert(app.screen, named: "pending-badge-\(width)x10")
    }

    @Test func theBadgeSaysWhatTheSiteHasPendingBeforeEverythingIsLoaded() async throws {
        let app = try UIHarness(width: 80, height: 12, commentsPerSite: 250)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let query = try #require(app.ui.currentQuery)
        #expect(app.comments.state.fetch(query).hasMore, "one page of 100 is loaded, of 250")
        let pending = try pendingOnServer(app, site: site)
        let loadedPending = app.comments.state.comments(of: site).allEntries.filter { $0.status == .hold }.count
        #expect(pending > loadedPending, "the site has pending comments not loaded yet")
        #expect(app.frame.canvas.line(0).contains(" \(pending) pending "))
    }

    @Test func theBadgeFollowsAnApprovalAtOnce() async throws {
        let app = try UIHarness(width: 80, height: 12)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let before = try pendingOnServer(app, site: site)
        app.press(.character("f"), .character("j"), .character(" "), .character("f"))  // Status opens on Approved
        #expect(app.selected?.status == .hold, "the list shows the pending comments only")
        app.press(.character("a"))
        #expect(app.frame.canvas.line(0).contains(" \(before - 1) pending "), "before the site answers")
        try await app.settled()
        _ = try await app.comments.state { $0.counts[site].map { !$0.isAsking && $0.server?.hold == before - 1 } ?? false }
        #expect(try pendingOnServer(app, site: site) == before - 1)
        #expect(app.frame.canvas.line(0).contains(" \(before - 1) pending "), "the site's answer agrees")
    }

    @Test func eachSiteShowsItsOwnBadge() async throws {
        let app = try UIHarness(width: 80, height: 12, commentsPerSite: 40, sites: 2)
        try await app.start()
        let second = try #require(app.server.sites.last).id
        // Like the app at start: every site is counted, not only the one shown.
        app.dispatcher.dispatch(CommentsAction.countStatuses(site: second))
        _ = try await app.comments.state { $0.counts[second].map { !$0.isAsking } ?? false }
        let pending = try pendingOnServer(app, site: second)
        app.press(.character("]"))
        try await app.follow()
        #expect(app.ui.state.site == second)
        #expect(app.frame.canvas.line(0).contains(" \(pending) pending "))
        #expect(app.frame.canvas.line(0).contains(try #require(app.server.sites.last).name))
    }

    @Test func noBadgeUntilTheSiteHasAnswered() async throws {
        let app = try UIHarness(width: 80, height: 12)
        let site = try #require(app.server.sites.first).id
        app.dispatcher.dispatch(UIAction.showSite(site))
        try await app.follow()
        #expect(app.comments.state.counts[site] == nil)
        #expect(!app.frame.canvas.line(0).contains("pending"))
    }

    @Test func theBadgeGoesLastButOneAndWhole() {
        let badge = " 12 pending "
        let name = "Field Notes", position = " [1/2]"
        func fitted(_ width: Int) -> String {
            let (title, shown) = HeaderView.title(name: name, position: position, badge: badge, width: width)
            return title + (shown ?? "")
        }
        #expect(fitted(39) == " parley · Field Notes [1/2] 12 pending ")
        #expect(fitted(38) == " parley · Field Notes 12 pending ", "the position goes first")
        #expect(fitted(32) == " Field Notes 12 pending ", "then parley")
        #expect(fitted(23) == " Field Not… 12 pending ", "then the name is cut, the badge kept")
        #expect(fitted(21) == " Field N… 12 pending ", "down to a few columns")
        #expect(fitted(20) == " Field Notes", "then the badge goes, whole")
        #expect(fitted(8) == " Field …", "the name is cut last")
        #expect(HeaderView.title(name: name, position: position, badge: nil, width: 23).title == " parley · Field Notes",
                "no badge (not counted yet): as before")
    }
}
