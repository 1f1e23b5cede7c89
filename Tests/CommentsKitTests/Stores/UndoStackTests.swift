import Testing
import Foundation
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// `z` walks back through every trash and moderation, newest first; `D` is never on it.
@MainActor
@Suite struct UndoStackTests {
    @Test func fiveTrashesAreUndoneByFiveUndosInReverseOrder() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let targets = fixture.siteComments.allEntries.filter { $0.status == .approved }.prefix(5).map(\.id)
        try #require(targets.count == 5)
        for id in targets {
            fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: id))
        }
        try await fixture.settled()
        #expect(fixture.comments.state.undoStack.map(\.id) == targets)
        var undone: [Int] = []
        for _ in targets {
            fixture.dispatcher.dispatch(CommentsAction.undo)
            undone.append(try #require(fixture.comments.state.lastUndo?.id))
            try await fixture.settled()
        }
        #expect(undone == targets.reversed(), "newest first")
        for id in targets {
            #expect(fixture.serverStatus(id) == .approved)
            #expect(fixture.siteComments[id]?.status == .approved)
        }
        #expect(fixture.comments.state.notice?.message.hasPrefix("Undone: trash of ") == true)
        fixture.dispatcher.dispatch(CommentsAction.undo)
        #expect(fixture.comments.state.notice?.message == "Nothing to undo.")
        #expect(fixture.comments.state.lastUndo == nil)
        _ = receipt
    }

    @Test func aPermanentDeletionNeitherGoesOnTheStackNorDisturbsIt() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let approved = fixture.siteComments.allEntries.filter { $0.status == .approved }
        let restored = try #require(fixture.entry { $0.status == .trash })
        let deleted = try #require(approved.first)
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: restored.id, to: .restore))
        try await fixture.settled()
        let before = fixture.comments.state.undoStack
        fixture.dispatcher.dispatch(CommentsAction.deletePermanently(site: fixture.site, id: deleted.id))
        try await fixture.settled()
        #expect(fixture.comments.state.undoStack == before)
        fixture.dispatcher.dispatch(CommentsAction.undo)
        #expect(fixture.comments.state.lastUndo?.id == restored.id, "z undoes the restore, and says so")
        try await fixture.settled()
        #expect(fixture.serverStatus(restored.id) == .trash)
        #expect(fixture.comments.state.notice?.message.hasPrefix("Undone: restore of ") == true)
        _ = receipt
    }

    @Test func moreThanFiftyStepsAreKept() async throws {
        let fixture = try StoreFixture(commentsPerSite: 120)
        let receipt = try await fixture.loadAll()
        let targets = fixture.siteComments.allEntries.filter { $0.status == .approved || $0.status == .hold }.prefix(60).map(\.id)
        try #require(targets.count == 60)
        for id in targets {
            fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: id, to: .spam))
        }
        try await fixture.settled()
        #expect(fixture.comments.state.undoStack.count == 60)
        for _ in 0..<60 {
            fixture.dispatcher.dispatch(CommentsAction.undo)
            try await fixture.settled()
        }
        #expect(targets.allSatisfy { fixture.serverStatus($0) != .spam }, "every one of the 60 was undone")
        _ = receipt
    }

    @Test func aStepWhoseCommentWasDeletedElsewhereIsSkipped() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let targets = fixture.siteComments.allEntries.filter { $0.status == .approved }.prefix(2).map(\.id)
        try #require(targets.count == 2)
        for id in targets { fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: id)) }
        try await fixture.settled()
        // The newest step's comment is deleted here for good: its step is skipped.
        fixture.dispatcher.dispatch(CommentsAction.deletePermanently(site: fixture.site, id: targets[1]))
        try await fixture.settled()
        fixture.dispatcher.dispatch(CommentsAction.undo)
        #expect(fixture.comments.state.lastUndo?.id == targets[0])
        try await fixture.settled()
        #expect(fixture.serverStatus(targets[0]) == .approved)
        fixture.dispatcher.dispatch(CommentsAction.undo)
        #expect(fixture.comments.state.notice?.message == "Nothing to undo.")
        _ = receipt
    }

    @Test func aFailedUndoStaysOnTheStack() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        try await fixture.settled()
        fixture.server.faults.failureRate = 1
        fixture.dispatcher.dispatch(CommentsAction.undo)
        try await fixture.settled()
        #expect(fixture.comments.state.undoable?.id == target.id, "z can try again")
        fixture.server.faults.failureRate = 0
        fixture.dispatcher.dispatch(CommentsAction.undo)
        try await fixture.settled()
        #expect(fixture.serverStatus(target.id) == .approved)
        _ = receipt
    }
}
