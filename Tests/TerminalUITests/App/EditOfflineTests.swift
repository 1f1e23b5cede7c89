import Foundation
import Testing
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// `e` when the site has not said who the user is. Found by a new-user review: offline
/// (where the login is never checked) `e` said "You can only edit your own comments" even
/// on the user's own comment. Offline, the edit is let through (the site, which knows who
/// may edit what, settles it when the outbox sends it); online, parley says it waits for
/// the site rather than accusing the user.
@MainActor
@Suite struct EditOfflineTests {
    private func loadedWithoutLogin() async throws -> (UIHarness, SiteID, Int) {
        let harness = try UIHarness(commentsPerSite: 12, sites: 1)
        let site = try #require(harness.server.sites.first).id
        harness.dispatcher.dispatch(UIAction.showSite(site))
        try await harness.follow()
        let id = try #require(harness.ui.state.cursor)
        #expect(harness.comments.state.currentUsers[site] == nil)
        return (harness, site, id)
    }

    @Test func offlineAnEditIsNotRefusedForWantOfALogin() async throws {
        let (harness, site, id) = try await loadedWithoutLogin()
        harness.dispatcher.dispatch(CommentsAction.workOffline(sites: [site]))
        harness.press(.character("e"))
        #expect(harness.ui.state.hint != "You can only edit your own comments.")
        let editing = if case .normal = harness.ui.state.mode { false } else { true }
        #expect(harness.ui.state.pendingEdit == id || editing)
    }

    @Test func onlineBeforeTheLoginIsKnownParleySaysItWaitsForTheSite() async throws {
        let (harness, _, _) = try await loadedWithoutLogin()
        harness.press(.character("e"))
        #expect(harness.ui.state.hint == "The site has not said who you are yet: try again once it has.")
    }
}
