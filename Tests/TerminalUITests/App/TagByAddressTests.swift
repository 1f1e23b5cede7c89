import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
import CommentsKit
@testable import TerminalUI

/// `@` and `I` (issue 13, by facet in one step): every loaded comment from the cursor's
/// author's e-mail address or IP that the list shows is tagged (issue 27), so "spam everything from this address" is
/// three keys; the hint says when the site is still loading, and why nothing is tagged
/// when the addresses are not known.
@MainActor
@Suite struct TagByAddressTests {
    private func site(_ app: UIHarness) throws -> SiteID { try #require(app.ui.state.site) }

    /// The loaded comments whose author's `facet` is `address`.
    private func from(_ facet: AddressFacet, _ address: String, _ app: UIHarness) throws -> Set<Int> {
        Set(app.comments.state.comments(of: try site(app)).allEntries
            .filter { $0.facts.map { facet.matches(facet.value(of: $0), address) } == true }.map(\.id))
    }

    @Test(arguments: [AddressFacet.email, .ip])
    func theKeyTagsEveryCommentShownFromTheCursorsAddress(_ facet: AddressFacet) async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let facts = try #require(app.selected?.facts)
        let address = facet.value(of: facts)
        app.press(.character(facet == .email ? "@" : "I"))
        let expected = try from(facet, address, app)
        #expect(!expected.isEmpty)
        #expect(app.ui.state.tags.ids(on: try site(app)) == expected)
        #expect(app.ui.state.hint == "Tagged the \(TaggingReducer.comments(expected.count)) from \(address) — \(expected.count) tagged.")
    }

    @Test func spamEverythingFromThisAddressIsThreeKeys() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let address = try #require(app.selected?.facts?.ip)
        let expected = try from(.ip, address, app)
        app.press(.character("I"), .character("s"), .character("y"))
        try await app.settled()
        _ = try await app.comments.state { $0.bulk == nil }
        let site = try site(app)
        for id in expected { #expect(app.server.comment(site: site, id: id)?.status == .spam) }
    }

    @Test func theKeyLeavesWhatTheFiltersHideUntaggedAndSaysSoAndAgainTagsItToo() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try site(app)
        // The seed's first row may be its address's only comment: down to one that is not.
        for _ in 0..<40 where try from(.ip, try #require(app.selected?.facts?.ip), app).count < 2 { app.press(.character("j")) }
        let address = try #require(app.selected?.facts?.ip)
        let all = try from(.ip, address, app)
        try #require(all.count > 1)
        // Another of the address's comments moves to the trash, which the filters hide.
        let trashed = try #require(all.first { $0 != app.selected?.id })
        app.dispatcher.dispatch(CommentsAction.trash(site: site, id: trashed))
        try await app.settled()
        app.dispatcher.dispatch(FilterAction.toggle(.status(.approved)))
        app.dispatcher.dispatch(FilterAction.toggle(.status(.hold)))
        let shown = Set(app.visible.rows(site: site).map(\.id))
        try #require(!shown.contains(trashed))
        app.press(.character("I"))
        #expect(app.ui.state.tags.ids(on: site) == all.intersection(shown))
        let hidden = all.subtracting(shown).count
        #expect(app.ui.state.hint?.contains("\(hidden) more in") == true)
        #expect(app.ui.state.hint?.contains("Trash") == true)
        #expect(app.ui.state.hint?.hasSuffix("hidden by the filters — I again tags them too.") == true)
        app.press(.character("I"))
        #expect(app.ui.state.tags.ids(on: site) == all)
        #expect(app.ui.state.hint?.hasPrefix("Tagged all") == true)
    }

    @Test func onASiteStillLoadingTheHintSaysSo() async throws {
        let app = try UIHarness(width: 100, height: 12, commentsPerSite: 150)
        try await app.start()
        let address = try #require(app.selected?.facts?.ip)
        app.press(.character("I"))
        #expect(app.ui.state.hint?.contains("from \(address)") == true)
        #expect(app.ui.state.hint?.contains("(loaded comments only)") == true)
        Snapshot.assert(app.screen, named: "tag-by-ip-loading-100x12")
    }

    @Test func withoutTheEditContextNothingIsTaggedAndTheHintSaysWhy() async throws {
        let app = try UIHarness(width: 100, height: 12)
        let site = try #require(app.server.sites.first).id
        app.dispatcher.dispatch(UIAction.showSite(site))
        try await app.follow()  // no login check: the comments are read in the view context
        try #require(app.selected?.facts == nil)
        app.press(.character("@"))
        #expect(app.ui.state.tags.ids(on: site).isEmpty)
        #expect(app.ui.state.hint == "The e-mail address is not known: WordPress tells it only to moderators (the edit context).")
    }
}
