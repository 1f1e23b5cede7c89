import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
import CommentsKit
@testable import TerminalUI

/// Empty Spam / Empty Trash (issue 13): the question states the site's count, and every
/// comment in the folder is deleted for good, loaded or not — comments and pings, never the
/// block editor's notes (issue 28: the mock's seed has a note in the trash).
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
        let inFolder = try #require(app.server.comments(site: site)).filter { $0.status == status }
        let notes = inFolder.filter { $0.type == "note" }.map(\.id)
        let onServer = inFolder.filter { $0.type != "note" }.map(\.id)
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
        #expect(left.map(\.id) == notes, "the notes stay where the editor put them")
        #expect(app.comments.state.notice?.message == "\(verb): \(onServer.count) of \(onServer.count) done.")
        #expect(app.comments.state.undoStack.isEmpty, "never undoable")
        // The run then reads what it deletes on the site first, 100 at a time (`include=`):
        // the comments' list, then the pings' for the ids it did not hold.
        let listing = app.server.requestLog.filter {
            $0.target.contains("_fields=id") && !$0.target.contains("title") && !$0.target.contains("include=")
        }
        #expect(listing.count == (onServer.count + 99) / 100 + 1, "ids listed a page of 100 at a time, then the pings'")
        #expect(listing.allSatisfy { $0.target.contains("type=comment") || $0.target.contains("type=pings") })
        let checks = app.server.requestLog.filter { $0.target.contains("include=") }
        #expect((1...2).contains(checks.count), "checked a list of 100 at a time, the pings among them after")
        #expect(!app.server.requestLog.contains { $0.target.contains("type=all") }, "never type=all: it brings notes")
    }

    @Test func aCommentMarkedSpamAfterTheQuestionStopsTheEmptyingBeforeAnythingIsDeleted() async throws {
        // Seen in a review: asked about 11, a comment marked spam on the site before `y`,
        // and "Empty Spam: 12 of 12 done" — one comment nobody agreed to lose, gone for good.
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let spamBefore = try #require(app.server.comments(site: site)).filter { $0.status == .spam }.map(\.id)
        app.press(.character("!"))
        _ = try await app.ui.state { if case .confirm = $0.mode { true } else { false } }
        #expect(question(app)?.hasPrefix("Empty Spam: delete all \(spamBefore.count) comments") == true)
        let approved = try #require(app.server.comments(site: site)?.first { $0.status == .approved })
        let mockSite = try #require(app.server.sites.first { $0.id == site })
        let someoneElse = try WordPressClient(restBase: mockSite.restBase, configuration: app.server.sessionConfiguration(), timeout: .safetyNet, retry: .none)
        _ = try await someoneElse.updateStatus(id: approved.id, to: .spam)
        let deletesBefore = app.server.requestCount(.deleteComment)
        app.press(.character("y"))
        let told = try await app.comments.state { $0.notice?.message.hasPrefix("Empty Spam: nothing deleted") == true }
        #expect(told.notice?.message == """
            Empty Spam: nothing deleted — the site now has \(spamBefore.count + 1) comments in spam, not the \(spamBefore.count) \
            you agreed to delete. Empty Spam again asks with the new count.
            """)
        #expect(app.server.requestCount(.deleteComment) == deletesBefore)
        #expect(app.server.comment(site: site, id: approved.id)?.status == .spam)
        #expect(try #require(app.server.comments(site: site)).filter { $0.status == .spam }.count == spamBefore.count + 1)
        // Asked again, the question states the new count.
        app.press(.character("!"))
        _ = try await app.ui.state { if case .confirm = $0.mode { true } else { false } }
        #expect(question(app)?.hasPrefix("Empty Spam: delete all \(spamBefore.count + 1) comments") == true)
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
