import Foundation
import Testing
import Flux
import FluxTesting
import CommentsKit
@testable import TerminalUI

/// Live updates on screen: a comment found by polling joins the list without moving the
/// cursor's row, is marked `+` and counted in the header ("1 new") until the cursor reaches
/// it, `+` jumps to the newest new one, and quitting stops the polling.
@MainActor
@Suite struct LiveUpdatesTests {
    /// Adds a visitor's comment on the mock (dated `seconds` after the seed's newest) and
    /// polls the shown site until the interface has it.
    private func pollNewComment(_ harness: UIHarness, after seconds: TimeInterval = 120) async throws -> Int {
        let site = try #require(harness.ui.state.site)
        let added = try #require(harness.server.addVisitorComments(now: harness.now.addingTimeInterval(seconds)).first { $0.site == site })
        harness.dispatcher.dispatch(CommentsAction.poll(site: site))
        _ = try await harness.comments.state { $0.polls.isEmpty && $0.comments(of: site)[added.comment.id] != nil }
        return added.comment.id
    }

    @Test func aPolledCommentKeepsTheCursorOnItsCommentAndScreenRow() async throws {
        let harness = try UIHarness(commentsPerSite: 40, sites: 1)
        try await harness.start()
        for _ in 0..<12 { harness.press(.character("j")) }
        let cursor = try #require(harness.ui.state.cursor)
        let screenRow = harness.ui.state.cursorIndex - harness.ui.state.scrollTop
        let new = try await pollNewComment(harness)
        #expect(harness.ui.rows.contains { $0.id == new })
        #expect(harness.ui.state.cursor == cursor)
        #expect(harness.ui.state.cursorIndex - harness.ui.state.scrollTop == screenRow)
        #expect(harness.comments.state.newCount(of: try #require(harness.ui.state.site)) == 1)
        #expect(harness.screen.split(separator: "\n").first?.contains("1 new · ") == true)
    }

    @Test func aNewCommentIsMarkedWithAPlusUntilTheCursorReachesIt() async throws {
        // Few comments: the whole list is on screen, the new one too.
        let harness = try UIHarness(commentsPerSite: 8, sites: 1)
        try await harness.start()
        let site = try #require(harness.ui.state.site)
        let new = try await pollNewComment(harness)
        #expect(harness.ui.state.cursor != new)
        let author = try #require(harness.comments.state.comments(of: site)[new]?.authorName)
        let marked = harness.screen.split(separator: "\n").filter { $0.hasPrefix("+") }
        #expect(marked.count == 1)
        #expect(marked.first?.contains(String(author.prefix(10))) == true)
        // The cursor reaches it: seen, the mark and the count go.
        let index = try #require(harness.ui.rows.firstIndex { $0.id == new })
        harness.press(.character("g"))
        for _ in 0..<index { harness.press(.character("j")) }
        #expect(harness.ui.state.cursor == new)
        #expect(harness.comments.state.newCount(of: site) == 0)
        #expect(!harness.screen.split(separator: "\n").contains { $0.hasPrefix("+") })
        #expect(harness.screen.split(separator: "\n").first?.contains(" new · ") == false)
    }

    @Test func wJumpsToTheNewestNewCommentThenTheNextAndThenSaysThereIsNone() async throws {
        let harness = try UIHarness(commentsPerSite: 40, sites: 1)
        try await harness.start()
        let site = try #require(harness.ui.state.site)
        let site1 = try #require(harness.server.sites.first).id
        let first = try #require(harness.server.addVisitorComments(now: harness.now.addingTimeInterval(60)).first { $0.site == site1 }).comment.id
        let second = try await pollNewComment(harness, after: 120)
        #expect(harness.comments.state.newCount(of: site) == 2)
        harness.press(.character("+"))
        #expect(harness.ui.state.cursor == second)
        #expect(harness.comments.state.newComments[site] == [first])
        harness.press(.character("+"))
        #expect(harness.ui.state.cursor == first)
        #expect(harness.comments.state.newCount(of: site) == 0)
        harness.press(.character("+"))
        #expect(harness.ui.state.hint == "No new comments.")
        #expect(harness.ui.state.cursor == first)
    }

    @Test func quittingStopsThePolling() async throws {
        let harness = try UIHarness(commentsPerSite: 8, sites: 1)
        try await harness.start()
        let log = ActionLog(on: harness.dispatcher)
        harness.press(.character("q"))
        #expect(harness.ui.state.isQuitting)
        #expect(log.actions.contains { $0 as? CommentsAction == .stopPolling })
    }

    @Test func theJumpKeyIsInTheHelp() {
        let lines = KeyMap.standard.help(for: .list)
        #expect(lines.contains { $0.keys == "+" && $0.help.contains("newest new comment") })
        #expect(lines.contains { $0.keys == "o" && $0.help.contains("newest first") })
    }
}
