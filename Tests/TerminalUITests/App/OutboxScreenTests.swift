import Foundation
import Testing
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// Issue 14's outbox on screen: a write queued while the site cannot be reached keeps its
/// change, marked `Q` in its row; the header says the site cannot be reached and counts the
/// queue; `Q` lists it and `d` drops an entry (undoing its change); `q` says how many wait
/// for the next start and a second `q` quits.
@MainActor
@Suite struct OutboxScreenTests {
    /// A harness whose site counts as kept in a cache (so writes may be queued), loaded,
    /// with the mock then offline and the cursor's comment approved or held (it stays in
    /// the list): one queued write.
    private func queuedModeration(width: Int = 80, height: Int = 24) async throws -> (UIHarness, SiteID, Int) {
        let harness = try UIHarness(width: width, height: height, commentsPerSite: 12, sites: 1)
        let site = try #require(harness.server.sites.first).id
        harness.dispatcher.dispatch(CommentsAction.readCache(site: site))
        try await harness.start()
        let id = try #require(harness.ui.state.cursor)
        let held = harness.comments.state.comments(of: site)[id]?.status == .hold
        var faults = harness.server.faults
        faults.offline = true
        harness.server.faults = faults
        harness.press(.character(held ? "a" : "u"))
        _ = try await harness.comments.state { $0.outbox.count == 1 && $0.writesInFlight == 0 }
        return (harness, site, id)
    }

    /// The list line of comment `id` (found by its author's name): a tag column, the mark,
    /// the author.
    private func rowLine(_ harness: UIHarness, of id: Int, site: SiteID) throws -> Substring {
        let author = try #require(harness.comments.state.comments(of: site)[id]?.authorName)
        return try #require(harness.screen.split(separator: "\n").first { $0.dropFirst(3).hasPrefix(author.prefix(12)) })
    }

    @Test func aQueuedWriteKeepsItsChangeMarkedQAndTheHeaderSaysSo() async throws {
        let (harness, site, id) = try await queuedModeration()
        #expect(harness.comments.state.outbox.items.first?.write.commentID == id)
        #expect(harness.comments.state.comments(of: site)[id]?.mark == .queued)
        #expect(try rowLine(harness, of: id, site: site).dropFirst().hasPrefix("Q"))
        let header = try #require(harness.screen.split(separator: "\n").first)
        #expect(header.contains("cannot be reached · 1 queued"))
        #expect(harness.screen.contains("Queued"))
    }

    @Test func qListsTheOutboxAndDDropsTheEntryUndoingItsChange() async throws {
        let (harness, site, id) = try await queuedModeration()
        harness.press(.character("Q"))
        #expect(harness.ui.state.keyContext == .outbox)
        #expect(harness.screen.contains("Outbox: 1 queued"))
        let author = try #require(harness.comments.state.comments(of: site)[id]?.authorName)
        #expect(harness.screen.contains("\(author)'s comment · now · queued"), "named by its author, as the list does")
        let before = try #require(harness.comments.state.outbox.items.first?.write)
        harness.press(.character("j"), .character("d"))
        #expect(harness.comments.state.outbox.items.isEmpty)
        guard case .moderation(_, let from, _) = before else { Issue.record("not a moderation"); return }
        #expect(harness.comments.state.comments(of: site)[id]?.status == from)
        #expect(harness.comments.state.comments(of: site)[id]?.mark == nil)
        #expect(harness.screen.contains("Nothing is queued"))
        #expect(!harness.screen.contains("d drop"), "nothing left to drop, nothing offered")
        harness.press(.escape)
        #expect(harness.ui.state.outboxHighlight == nil)
        #expect(harness.ui.state.keyContext == .list)
        #expect(try !rowLine(harness, of: id, site: site).dropFirst().hasPrefix("Q"))
    }

    /// Found by a reviewer: `d` on a queued reply threw its text away, with no question and
    /// no draft. Its text is now the draft of a reply to the same comment.
    @Test func droppingAQueuedReplyKeepsItsTextAsADraft() async throws {
        let (harness, site, _) = try await queuedModeration()
        let parent = try #require(harness.ui.state.cursor)
        harness.press(.character("r"))
        harness.type("A long careful reply")
        harness.press(.control("s"))
        _ = try await harness.comments.state { $0.outbox.count == 2 && $0.writesInFlight == 0 }
        harness.press(.character("Q"), .character("j"), .character("d"))
        #expect(harness.comments.state.outbox.count == 1)
        #expect(harness.ui.state.drafts.texts[DraftRef(site: site, .reply(parent: parent))] == "A long careful reply")
        #expect(harness.comments.state.notice?.message.contains("stays a draft") == true)
    }

    /// Found by a reviewer: `z` on a queued change said it was "still on its way", which
    /// offline it never is.
    @Test func undoingAQueuedChangeSaysToDropItFromTheOutbox() async throws {
        let (harness, _, _) = try await queuedModeration()
        harness.press(.character("z"))
        #expect(harness.comments.state.notice?.message.contains("waits in the outbox: dropping it there undoes it") == true)
        #expect(harness.comments.state.outbox.count == 1)
    }

    @Test func quittingWithWritesQueuedSaysHowManyWaitForTheNextStart() async throws {
        let (harness, _, _) = try await queuedModeration()
        harness.press(.character("q"))
        #expect(!harness.ui.state.isQuitting)
        #expect(harness.ui.state.hint == "1 write queued will be sent at the next start: q again quits.")
        harness.press(.character("q"))
        #expect(harness.ui.state.isQuitting)
    }

    @Test func theOutboxOverlay() async throws {
        let (harness, _, _) = try await queuedModeration(width: 80, height: 16)
        harness.press(.character("Q"))
        Snapshot.assert(harness.screen, named: "outbox-80x16")
    }
}
