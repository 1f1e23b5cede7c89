import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
import CommentsKit
@testable import TerminalUI

/// Empty Spam / Empty Trash (issue 13): the question states the site's count, and every
/// comment in the folder is deleted for good, loaded or not.
@MainActor
@Suite struct EmptySpamTests {
    private func question(_ app: UIHarness) -> String? {
        if case .confirm(let asked) = app.ui.state.mode { return asked.question }
        return nil
    }

    @Test(arguments: [(Character("!"), MockCommentStatus.spam, "Empty Spam"), (Character("#"), .trash, "Empty Trash")])
    func emptyingAsksWithTheSitesCountThenDeletesEvenWhatWasNeverLoaded(
        key: Character, status: MockCommentStatus, verb: String
    ) async throws {
        // 300 comments, pages of 100: most of the site is not loaded.
        let app = try UIHarness(width: 132, height: 40, commentsPerSite: 300)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let onServer = try #require(app.server.comments(site: site)).filter { $0.status == status }.map(\.id)
        let loaded = Set(app.comments.state.comments(of: site).allEntries.map(\.id))
        try #require(onServer.contains { !loaded.contains($0) }, "some of them are not loaded")
        app.press(.character(key))
        _ = try await app.ui.state { if case .confirm = $0.mode { true } else { false } }
        let asked = try #require(question(app))
        #expect(asked.hasPrefix("\(verb): delete all \(onServer.count) comments"), "the site's count, not the loaded one")
        #expect(asked.contains("It cannot be undone."))
        #expect(app.screen.contains("delete \(onServer.count) for good"))
        app.press(.character("y"))
        _ = try await app.comments.state { $0.lastBulk?.verb == verb }
        let left = try #require(app.server.comments(site: site)).filter { $0.status == status }
        #expect(left.isEmpty)
        #expect(app.comments.state.notice?.message == "\(verb): \(onServer.count) of \(onServer.count) done.")
        #expect(app.comments.state.undoStack.isEmpty, "never undoable")
        let listing = app.server.requestLog.filter { $0.target.contains("_fields=id") && !$0.target.contains("title") }
        #expect(listing.count == (onServer.count + 99) / 100, "ids listed a page of 100 at a time")
    }

    @Test func noAnswerDeletesNothing() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try #require(app.ui.state.site)
        let before = app.server.commentCount(site: site)
        app.press(.character("!"))
        _ = try await app.ui.state { if case .confirm = $0.mode { true } else { false } }
        app.press(.character("n"))
        #expect(app.comments.state.writesInFlight == 0)
        #expect(app.server.commentCount(site: site) == before)
    }
}
