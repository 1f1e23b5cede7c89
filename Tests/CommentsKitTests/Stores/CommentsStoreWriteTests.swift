import Testing
import Foundation
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

@MainActor
@Suite struct CommentsStoreWriteTests {
    // MARK: Trash and undo

    @Test func trashIsOptimisticAndConfirmedByTheServer() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        #expect(fixture.siteComments[target.id]?.status == .trash, "at once, before the server answers")
        #expect(fixture.siteComments[target.id]?.mark == .updating)
        #expect(fixture.visible.rows(site: fixture.site).contains { $0.id == target.id } == false, "it leaves the visible list")
        try await fixture.settled()
        #expect(fixture.siteComments[target.id]?.mark == nil)
        #expect(fixture.serverStatus(target.id) == .trash)
        #expect(fixture.comments.state.undoable == UndoEntry(site: fixture.site, id: target.id, previousStatus: .approved, newStatus: .trash))
        #expect(fixture.comments.state.notice?.message == "Comment moved to the trash")
        #expect(fixture.comments.state.notice?.nextStep == .undo)
        _ = receipt
    }

    @Test func aFailedTrashPutsTheCommentBackWhereItWasWithItsReplies() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.loadAll()
        let parent = try #require(fixture.entry { entry in
            entry.status == .approved && fixture.siteComments.rows.contains { $0.id == entry.id && $0.hasReplies }
        })
        let rowsBefore = fixture.visible.rows(site: fixture.site)
        fixture.server.faults.failureRate = 1
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: parent.id))
        try await fixture.settled()
        #expect(fixture.siteComments[parent.id]?.status == .approved)
        #expect(fixture.visible.rows(site: fixture.site) == rowsBefore, "same place, replies included")
        #expect(fixture.serverStatus(parent.id) == .approved)
        let notice = try #require(fixture.comments.state.notice)
        #expect(notice.kind == .error)
        #expect(notice.message.hasPrefix("Trash failed: "))
        #expect(notice.message.hasSuffix(" — restored."))
        #expect(fixture.comments.state.undoable == nil)
        _ = receipt
    }

    @Test func undoRestoresTheStatusBeforeTheTrashOnTheServer() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let held = try #require(fixture.entry { $0.status == .hold })
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: held.id))
        try await fixture.settled()
        fixture.dispatcher.dispatch(CommentsAction.undo)
        #expect(fixture.siteComments[held.id]?.status == .hold, "optimistic")
        try await fixture.settled()
        #expect(fixture.serverStatus(held.id) == .hold)
        #expect(fixture.comments.state.undoable == nil, "an undo is not itself undone by z")
        fixture.dispatcher.dispatch(CommentsAction.undo)
        #expect(fixture.comments.state.notice?.message == "Nothing to undo.")
        _ = receipt
    }

    // MARK: Moderation

    @Test(arguments: [Moderation.approve, .hold, .spam])
    func moderationIsOptimisticAndReachesTheServer(_ moderation: Moderation) async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status != moderation.resultingStatus(previous: nil) && $0.status != .trash })
        let expected = moderation.resultingStatus(previous: nil)
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: target.id, to: moderation))
        #expect(fixture.siteComments[target.id]?.status == expected)
        try await fixture.settled()
        #expect(fixture.serverStatus(target.id)?.rawValue == expected.rawValue)
        #expect(fixture.comments.state.notice?.kind == .info)
        _ = receipt
    }

    @Test func failedModerationRollsBack() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let held = try #require(fixture.entry { $0.status == .hold })
        fixture.server.faults.offline = true
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: held.id, to: .approve))
        #expect(fixture.siteComments[held.id]?.status == .approved)
        try await fixture.settled()
        #expect(fixture.siteComments[held.id]?.status == .hold)
        #expect(fixture.comments.state.notice?.message.hasPrefix("Approve failed: ") == true)
        _ = receipt
    }

    @Test func restoreTakesACommentOutOfTheTrash() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let trashed = try #require(fixture.entry { $0.status == .trash })
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: trashed.id, to: .restore))
        try await fixture.settled()
        #expect(fixture.serverStatus(trashed.id) != .trash)
        #expect(fixture.siteComments[trashed.id]?.status.rawValue == fixture.serverStatus(trashed.id)?.rawValue,
                "the server says which status it restored; the store takes its word")
        _ = receipt
    }

    // MARK: Permanent delete

    @Test func permanentDeleteHidesAtOnceAndMovesRepliesUp() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.loadAll()
        let parentRow = try #require(fixture.siteComments.rows.first { $0.hasReplies && $0.depth > 0 })
        let parent = try #require(fixture.siteComments[parentRow.id])
        let children = fixture.siteComments.allEntries.filter { $0.parent == parent.id }.map(\.id)
        fixture.dispatcher.dispatch(CommentsAction.deletePermanently(site: fixture.site, id: parent.id))
        #expect(fixture.siteComments[parent.id]?.isBeingDeleted == true)
        #expect(!fixture.visible.rows(site: fixture.site).contains { $0.id == parent.id })
        try await fixture.settled()
        #expect(fixture.siteComments[parent.id] == nil)
        #expect(fixture.server.comment(site: fixture.site, id: parent.id) == nil)
        for child in children {
            #expect(fixture.siteComments[child]?.parent == parent.parent, "replies stay reachable under the grandparent")
            #expect(fixture.server.comment(site: fixture.site, id: child)?.parent == parent.parent)
        }
        _ = receipt
    }

    @Test func aFailedPermanentDeleteShowsTheCommentAgain() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.server.faults.failureRate = 1
        fixture.dispatcher.dispatch(CommentsAction.deletePermanently(site: fixture.site, id: target.id))
        try await fixture.settled()
        #expect(fixture.siteComments[target.id]?.isBeingDeleted == false)
        #expect(fixture.visible.rows(site: fixture.site).contains { $0.id == target.id })
        #expect(fixture.comments.state.notice?.message.hasPrefix("Delete failed: ") == true)
        _ = receipt
    }

    @Test func trashingTwiceAsksTheSiteAndSendsNothing() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .trash })
        let writes = MockRoute.writes.map(fixture.server.requestCount).reduce(0, +)
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        try await fixture.settled()
        #expect(fixture.comments.state.notice?.message == "The comment is already in the trash.")
        #expect(MockRoute.writes.map(fixture.server.requestCount).reduce(0, +) == writes, "nothing sent")
        #expect(fixture.comments.state.undoStack.isEmpty)
        _ = receipt
    }

    // MARK: Replies

    @Test func aReplyAppearsAtOnceUnderItsParentThenTakesItsRealId() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let parent = try #require(fixture.entry { $0.status == .approved && $0.parent == 0 })
        fixture.dispatcher.dispatch(CommentsAction.reply(site: fixture.site, post: parent.post, parent: parent.id, text: "Thanks — noted & fixed <3"))
        let local = try #require(fixture.siteComments.allEntries.first { $0.isLocal })
        #expect(local.mark == .sending)
        #expect(local.text == "Thanks — noted & fixed <3")
        let rows = fixture.siteComments.rows
        let parentIndex = try #require(fixture.siteComments.position(of: parent.id))
        let localIndex = try #require(fixture.siteComments.position(of: local.id))
        #expect(localIndex > parentIndex)
        #expect(rows[localIndex].depth == rows[parentIndex].depth + 1)
        try await fixture.settled()
        let realID = try #require(fixture.comments.state.postedReplies[local.id])
        #expect(realID > 0)
        #expect(fixture.siteComments[local.id] == nil)
        let posted = try #require(fixture.siteComments[realID])
        #expect(posted.mark == nil)
        #expect(posted.parent == parent.id)
        #expect(fixture.siteComments.position(of: realID) == localIndex, "same place")
        #expect(fixture.server.comment(site: fixture.site, id: realID)?.parent == parent.id)
        #expect(fixture.comments.state.notice?.message == "Reply posted.")
        _ = receipt
    }

    @Test func aFailedReplyKeepsItsTextAndCanBeRetried() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let parent = try #require(fixture.entry { $0.status == .approved })
        fixture.server.faults.failureRate = 1
        let text = "A long considered answer\n\nwith two paragraphs"
        fixture.dispatcher.dispatch(CommentsAction.reply(site: fixture.site, post: parent.post, parent: parent.id, text: text))
        try await fixture.settled()
        let failed = try #require(fixture.siteComments.allEntries.first { $0.isLocal })
        guard case .failed = failed.mark else {
            Issue.record("expected a failed mark, got \(String(describing: failed.mark))")
            return
        }
        #expect(failed.contentRaw == text, "the text is never lost")
        #expect(fixture.comments.state.notice?.kind == .error)
        fixture.server.faults.failureRate = 0
        fixture.dispatcher.dispatch(CommentsAction.retryReply(site: fixture.site, localID: failed.id))
        #expect(fixture.siteComments[failed.id]?.mark == .sending)
        try await fixture.settled()
        let realID = try #require(fixture.comments.state.postedReplies[failed.id])
        #expect(fixture.server.comment(site: fixture.site, id: realID)?.content.contains("two paragraphs") == true)
        _ = receipt
    }

    @Test func anEmptyReplyIsRefusedWithoutARequest() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let parent = try #require(fixture.entry { _ in true })
        fixture.dispatcher.dispatch(CommentsAction.reply(site: fixture.site, post: parent.post, parent: parent.id, text: "  \n "))
        #expect(fixture.comments.state.notice?.message == "A reply needs some text.")
        #expect(fixture.server.requestCount(.createComment) == 0)
        _ = receipt
    }

    @Test func aFailedReplyCanBeDiscarded() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let parent = try #require(fixture.entry { _ in true })
        fixture.server.faults.offline = true
        fixture.dispatcher.dispatch(CommentsAction.reply(site: fixture.site, post: parent.post, parent: parent.id, text: "lost cause"))
        try await fixture.settled()
        let failed = try #require(fixture.siteComments.allEntries.first { $0.isLocal })
        fixture.dispatcher.dispatch(CommentsAction.discardReply(site: fixture.site, localID: failed.id))
        #expect(fixture.siteComments[failed.id] == nil)
        _ = receipt
    }

    // MARK: Edit

    @Test func editingYourOwnCommentAndKeepingTheTextWhenItFails() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(CommentsAction.verifyCredentials(site: fixture.site))
        _ = try await fixture.comments.state { $0.currentUsers[fixture.site] != nil }
        let parent = try #require(fixture.entry { $0.status == .approved })
        fixture.dispatcher.dispatch(CommentsAction.reply(site: fixture.site, post: parent.post, parent: parent.id, text: "first draft"))
        try await fixture.settled()
        let mine = try #require(fixture.comments.state.postedReplies.values.first)

        fixture.dispatcher.dispatch(CommentsAction.edit(site: fixture.site, id: mine, text: "second draft"))
        #expect(fixture.siteComments[mine]?.text == "second draft", "optimistic")
        try await fixture.settled()
        #expect(fixture.server.comment(site: fixture.site, id: mine)?.content.contains("second draft") == true)

        fixture.server.faults.failureRate = 1
        fixture.dispatcher.dispatch(CommentsAction.edit(site: fixture.site, id: mine, text: "third draft"))
        try await fixture.settled()
        #expect(fixture.siteComments[mine]?.text == "second draft", "rolled back")
        #expect(fixture.comments.state.unsentEdit == UnsentEdit(site: fixture.site, id: mine, text: "third draft"))
        // The open mock's user is an administrator, who may edit anyone's comment: the
        // refusal of someone else's comment is QuickEditTests' (with an author's login).
        _ = receipt
    }

    // MARK: Gone elsewhere

    @Test func aCommentDeletedElsewhereLeavesTheListOnTheNextWrite() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        // Another moderator deletes it for good, behind this store's back.
        let other = try fixture.anotherModerator()
        _ = try await other.deletePermanently(id: target.id)
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: target.id, to: .spam))
        try await fixture.settled()
        #expect(fixture.siteComments[target.id] == nil)
        #expect(fixture.comments.state.notice?.message == "Deleted on the site by someone else; it was removed from the list.")
        #expect(fixture.server.requestCount(.updateComment) == 0, "checked first: nothing written")
        _ = receipt
    }

    @Test func trashingWhatIsAlreadyTrashedElsewhereSaysSo() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        let other = try fixture.anotherModerator()
        _ = try await other.trash(id: target.id)
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        try await fixture.settled()
        #expect(fixture.siteComments[target.id]?.status == .trash)
        #expect(fixture.comments.state.notice?.message
            == "Moved to the trash on the site since you loaded it (parley did not do it): nothing to do.")
        #expect(fixture.server.requestCount(.deleteComment) == 1, "only the other moderator's")
        #expect(fixture.comments.state.undoStack.isEmpty, "parley did not do it: nothing to undo")
        _ = receipt
    }

    @Test func anEditStartsFromTheSourceLoadedOnDemand() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { !$0.isLocal && !$0.text.isEmpty })
        #expect(target.contentRaw == nil)
        fixture.dispatcher.dispatch(CommentsAction.loadSource(site: fixture.site, id: target.id))
        let state = try await fixture.comments.state { $0.comments(of: fixture.site)[target.id]?.contentRaw != nil }
        #expect(state.comments(of: fixture.site)[target.id]?.contentRaw == fixture.server.comment(site: fixture.site, id: target.id)?.content)
        _ = receipt
    }

    // MARK: Races

    @Test func aSlowFetchDoesNotResurrectALaterTrash() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        // The refresh leaves first and is answered from the server's state at that moment
        // (approved), but its answer reaches the store only after the trash has come back:
        // held on its way (a 300 ms mock latency held it only as long as the machine was quick).
        let hold = ActionHold(on: fixture.dispatcher, holding: CommentsAction.self) { $0.isPageAnswer() }
        defer { hold.end() }
        fixture.dispatcher.dispatch(CommentsAction.refresh(fixture.query))
        let answer = try await hold.arrival(CommentsAction.self) { $0.isPageAnswer() }
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        try await fixture.settled()
        guard case .pageLoaded(_, _, _, .success(let page)) = answer else {
            Issue.record("the refresh failed: \(answer)")
            return
        }
        #expect(page.comments.first { $0.id == target.id }?.status == .approved, "the stale answer really was stale")
        hold.release(CommentsAction.self) { $0.isPageAnswer() }
        #expect(!fixture.comments.state.fetch(fixture.query).isLoading)
        #expect(fixture.siteComments[target.id]?.status == .trash)
        _ = receipt
    }

    @Test func aSlowFetchDoesNotBringBackAPermanentlyDeletedComment() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        // The refresh's answer, made before the deletion, reaches the store after it.
        let hold = ActionHold(on: fixture.dispatcher, holding: CommentsAction.self) { $0.isPageAnswer() }
        defer { hold.end() }
        fixture.dispatcher.dispatch(CommentsAction.refresh(fixture.query))
        let answer = try await hold.arrival(CommentsAction.self) { $0.isPageAnswer() }
        fixture.dispatcher.dispatch(CommentsAction.deletePermanently(site: fixture.site, id: target.id))
        try await fixture.settled()
        guard case .pageLoaded(_, _, _, .success(let page)) = answer else {
            Issue.record("the refresh failed: \(answer)")
            return
        }
        #expect(page.comments.contains { $0.id == target.id }, "the stale answer still lists it")
        hold.release(CommentsAction.self) { $0.isPageAnswer() }
        #expect(!fixture.comments.state.fetch(fixture.query).isLoading)
        #expect(fixture.siteComments[target.id] == nil)
        _ = receipt
    }
}
