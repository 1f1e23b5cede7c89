import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// Issue 27's "check, then act": every write reads its comment on the site first and, when
/// someone changed it there since the user acted on it, writes nothing, shows the site's
/// copy and holds the write for a question that names the change. The other moderator is
/// the mock's ``MockServer/changeOutside(site:id:_:)``: no request, as wp-admin would.
@MainActor
@Suite struct CheckThenActTests {
    /// The writes the site received (create, update, delete).
    private func writes(_ fixture: StoreFixture) -> Int {
        MockRoute.writes.map(fixture.server.requestCount).reduce(0, +)
    }

    @Test func approvingWhatWasMarkedSpamOutsideWritesNothingAsksAndApprovesOnlyWhenConfirmed() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        #expect(await fixture.comments.effectsFinished(timeout: .safetyNet))
        let comments = fixture.comments
        let site = fixture.site
        let target = try #require(fixture.entry { $0.status == .hold })
        fixture.server.changeOutside(site: site, id: target.id, .status(.spam))
        let stores = TestStores(comments)

        await stores.send(CommentsAction.moderate(site: site, id: target.id, to: .approve)) {
            _ = $0[comments].requests.begin(PendingWrite(
                change: .moderation(site: site, id: target.id, from: .hold, to: .approve, undoing: nil), origin: .single))
            $0.expectRows(of: site, in: comments) { $0.modify(target.id) { $0.setStatus(.approved); $0.mark = .updating } }
            $0[comments].pushUndo(UndoEntry(site: site, id: target.id, previousStatus: .hold, newStatus: .approved))
        }
        var conflict: WriteConflict?
        await stores.receive(CommentsAction.self, where: { action in
            guard case .writeFinished(operation: 1, result: .failure(.changedOnSite(let found))) = action else { return false }
            conflict = found
            return true
        }) {
            guard let conflict, let found = conflict.found else { return }
            _ = $0[comments].requests.finish(1, postedID: nil)
            $0.expectRows(of: site, in: comments) {
                $0.modify(target.id) {
                    $0.setStatus(.spam)
                    $0.setContent(html: found.contentHTML, raw: found.contentRaw)
                    $0.mark = nil
                }
            }
            $0[comments].dropUndoStep(site: site, id: target.id)
            $0[comments].lastRollback = Rollback(operation: 1, site: site, id: target.id)
            $0[comments].lastConflict = 1
            $0[comments].conflicts = [HeldConflict(number: 1, site: site, conflict: conflict, change: .moderation(
                site: site, id: target.id, from: .hold, to: .approve, undoing: nil))]
            $0[comments].publish(site: site, topic: .comment(target.id), .error,
                                 "Marked as spam on the site since you loaded it (parley did not do it) — nothing was written.")
        }
        #expect(conflict?.change == .status(was: .hold, now: .spam))
        #expect(comments.state.conflicts.first?.attempt == "approve")
        #expect(fixture.server.requestCount(.updateComment) == 0, "nothing written over the other moderator's spam")

        // Yes: approved over the spam, from the status the site has now, and checked again.
        await stores.send(CommentsAction.overrideConflict(number: 1)) {
            $0[comments].conflicts = []
            _ = $0[comments].requests.begin(PendingWrite(
                change: .moderation(site: site, id: target.id, from: .spam, to: .approve, undoing: nil), origin: .single,
                overriding: conflict))
            $0.expectRows(of: site, in: comments) { $0.modify(target.id) { $0.setStatus(.approved); $0.mark = .updating } }
            $0[comments].pushUndo(UndoEntry(site: site, id: target.id, previousStatus: .spam, newStatus: .approved))
        }
        var answer: CommentsKit.Comment?
        await stores.receive(CommentsAction.self, where: { action in
            guard case .writeFinished(operation: 2, result: .success(let comment)) = action else { return false }
            answer = comment
            return true
        }) {
            guard let answer else { return }
            _ = $0[comments].requests.finish(2, postedID: answer.id)
            $0.expectRows(of: site, in: comments) { $0.modify(target.id) { $0.update(answer); $0.mark = nil } }
            $0[comments].publish(site: site, topic: .comment(target.id), .info, "Comment approved.")
        }
        await stores.finish()
        #expect(fixture.serverStatus(target.id) == .approved)
        _ = receipt
    }

    @Test func aNoLeavesTheCommentAsTheSiteHasIt() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.server.changeOutside(site: fixture.site, id: target.id, .status(.trash))
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: target.id, to: .spam))
        try await fixture.settled()
        let held = try #require(fixture.comments.state.conflicts.first)
        #expect(held.conflict.sentence == "Moved to the trash on the site since you loaded it (parley did not do it)")
        fixture.dispatcher.dispatch(CommentsAction.dismissConflict(number: held.number))
        #expect(fixture.comments.state.conflicts.isEmpty)
        #expect(fixture.comments.state.notice?.message == "Left as the site has it.")
        #expect(fixture.siteComments[target.id]?.status == .trash)
        #expect(fixture.serverStatus(target.id) == .trash)
        #expect(writes(fixture) == 0)
        _ = receipt
    }

    @Test func aCommentDeletedOutsideLeavesTheListAndAsksNothing() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .spam })
        fixture.server.changeOutside(site: fixture.site, id: target.id, .delete)
        fixture.dispatcher.dispatch(CommentsAction.deletePermanently(site: fixture.site, id: target.id))
        try await fixture.settled()
        #expect(fixture.siteComments[target.id] == nil)
        #expect(fixture.comments.state.notice?.message == "Deleted on the site by someone else; it was removed from the list.")
        #expect(fixture.comments.state.conflicts.isEmpty)
        #expect(writes(fixture) == 0)
        _ = receipt
    }

    @Test func anEditOverTextChangedOutsideKeepsYoursShowsTheSitesAndSavesOnlyWhenConfirmed() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(CommentsAction.verifyCredentials(site: fixture.site))
        _ = try await fixture.comments.state { $0.currentUsers[fixture.site] != nil }
        let target = try #require(fixture.entry { $0.status == .approved && !$0.isLocal })
        fixture.dispatcher.dispatch(CommentsAction.loadSource(site: fixture.site, id: target.id))
        _ = try await fixture.comments.state { $0.comments(of: fixture.site)[target.id]?.contentRaw != nil }
        fixture.server.changeOutside(site: fixture.site, id: target.id, .content("Fixed a typo, said the editor."))

        fixture.dispatcher.dispatch(CommentsAction.edit(site: fixture.site, id: target.id, text: "My own rewrite"))
        try await fixture.settled()
        #expect(fixture.server.requestCount(.updateComment) == 0, "the editor's text is not overwritten")
        #expect(fixture.siteComments[target.id]?.text == "Fixed a typo, said the editor.", "the row shows the site's text")
        #expect(fixture.comments.state.unsentEdit == UnsentEdit(site: fixture.site, id: target.id, text: "My own rewrite"), "yours is kept")
        let held = try #require(fixture.comments.state.conflicts.first)
        #expect(held.conflict.change == .text)
        #expect(held.conflict.found.map { HTMLText.plainText(fromHTML: $0.contentHTML) } == "Fixed a typo, said the editor.")
        #expect(held.yourText == "My own rewrite")
        #expect(fixture.comments.state.notice?.message == "The text changed on the site since you opened it — nothing was written.")

        fixture.dispatcher.dispatch(CommentsAction.overrideConflict(number: held.number))
        try await fixture.settled()
        #expect(fixture.server.comment(site: fixture.site, id: target.id)?.content.contains("My own rewrite") == true)
        #expect(fixture.comments.state.notice?.message == "Comment updated.")
        _ = receipt
    }

    @Test func theSourceReadForAnEditBringsATextEditedOutsideMarksItAndLogsIt() async throws {
        let journal = MemoryJournal()
        let fixture = try StoreFixture(journal: journal)
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(CommentsAction.readJournal(site: fixture.site))
        let target = try #require(fixture.entry { $0.status == .approved && !$0.isLocal })
        fixture.dispatcher.dispatch(CommentsAction.loadSource(site: fixture.site, id: target.id))
        _ = try await fixture.comments.state { $0.comments(of: fixture.site)[target.id]?.contentRaw != nil }
        #expect(fixture.comments.state.siteChanges[fixture.site] == nil, "the same text: nothing changed")

        // `e` reads the comment again before the editor opens: the site's newer text wins.
        fixture.server.changeOutside(site: fixture.site, id: target.id, .content("Fixed a typo, said the editor."))
        fixture.dispatcher.dispatch(CommentsAction.loadSource(site: fixture.site, id: target.id))
        #expect(await fixture.comments.effectsFinished(timeout: .safetyNet))
        #expect(fixture.siteComments[target.id]?.contentRaw == "Fixed a typo, said the editor.")
        #expect(fixture.siteComments[target.id]?.text == "Fixed a typo, said the editor.", "the row shows the site's text")
        #expect(fixture.comments.state.siteChanges[fixture.site]?[target.id]?.summary == "text edited", "marked until seen")
        #expect(fixture.comments.state.notice?.message == "Changed on the site: 1 text edited.")
        #expect(await journal.recorded.map(\.change) == [.textEdited], "logged as done outside parley")
        #expect(await journal.recorded.map(\.actor) == [.outside])
        _ = receipt
    }

    @Test func aReplyToACommentTrashedOutsideIsNotPostedUntilConfirmed() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let parent = try #require(fixture.entry { $0.status == .hold })
        fixture.server.changeOutside(site: fixture.site, id: parent.id, .status(.trash))
        fixture.dispatcher.dispatch(CommentsAction.reply(site: fixture.site, post: parent.post, parent: parent.id, text: "Thanks!"))
        try await fixture.settled()
        #expect(fixture.server.requestCount(.createComment) == 0, "no orphan reply")
        let local = try #require(fixture.siteComments.localEntries.first)
        #expect(local.contentRaw == "Thanks!", "the text is kept")
        #expect(fixture.siteComments[parent.id]?.status == .trash)
        let held = try #require(fixture.comments.state.conflicts.first)
        #expect(held.conflict.sentence == "The comment you reply to was moved to the trash on the site (parley did not do it)")
        #expect(held.attempt == "post the reply")

        fixture.dispatcher.dispatch(CommentsAction.overrideConflict(number: held.number))
        try await fixture.settled()
        #expect(fixture.server.requestCount(.createComment) == 1)
        #expect(fixture.comments.state.notice?.message.hasPrefix("Reply posted") == true)
        _ = receipt
    }

    @Test func aReplyToACommentDeletedOutsideSaysSo() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let parent = try #require(fixture.entry { $0.status == .approved })
        fixture.server.changeOutside(site: fixture.site, id: parent.id, .delete)
        fixture.dispatcher.dispatch(CommentsAction.reply(site: fixture.site, post: parent.post, parent: parent.id, text: "Agreed."))
        try await fixture.settled()
        #expect(fixture.server.requestCount(.createComment) == 0)
        #expect(fixture.comments.state.conflicts.first?.conflict.change == .parentDeleted)
        #expect(fixture.comments.state.notice?.message
            == "The comment you reply to was deleted on the site by someone else — nothing was written.")
        _ = receipt
    }

    @Test func undoAfterAnOutsideChangeAsksInsteadOfReversingIt() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        try await fixture.settled()
        // Another moderator marks it spam; this one's `z` would take it out of the spam.
        fixture.server.changeOutside(site: fixture.site, id: target.id, .status(.spam))
        let updates = fixture.server.requestCount(.updateComment)
        fixture.dispatcher.dispatch(CommentsAction.undo)
        try await fixture.settled()
        #expect(fixture.server.requestCount(.updateComment) == updates, "nothing reversed")
        #expect(fixture.serverStatus(target.id) == .spam)
        #expect(fixture.siteComments[target.id]?.status == .spam)
        let held = try #require(fixture.comments.state.conflicts.first)
        #expect(held.conflict.sentence == "Marked as spam on the site since your change (parley did not do it)")
        #expect(held.attempt == "undo")

        fixture.dispatcher.dispatch(CommentsAction.overrideConflict(number: held.number))
        try await fixture.settled()
        #expect(fixture.serverStatus(target.id) == .approved, "undone once confirmed: back to before the trash")
        _ = receipt
    }

    @Test func aBulkRunSkipsCommentsChangedOutsideAndReportsThemTogether() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let approved = fixture.siteComments.rows.compactMap { fixture.siteComments[$0.id] }.filter { $0.status == .approved && !$0.isLocal }
        try #require(approved.count >= 4)
        let ids = approved.prefix(4).map(\.id)
        fixture.server.changeOutside(site: fixture.site, id: ids[1], .status(.spam))
        fixture.server.changeOutside(site: fixture.site, id: ids[2], .delete)
        let lists = fixture.server.requestCount(.listComments)
        fixture.dispatcher.dispatch(CommentsAction.bulk(site: fixture.site, ids: ids, action: .moderate(.trash)))
        _ = try await fixture.comments.state { $0.bulk == nil && $0.writesInFlight == 0 }
        #expect(fixture.comments.state.notice?.message
            == "Trash: 2 of 4 done, 2 skipped: changed on the site since you tagged them (1 deleted, 1 now spam)")
        #expect(fixture.serverStatus(ids[0]) == .trash && fixture.serverStatus(ids[3]) == .trash)
        #expect(fixture.serverStatus(ids[1]) == .spam, "the other moderator's spam stays")
        #expect(fixture.siteComments[ids[1]]?.status == .spam)
        #expect(fixture.siteComments[ids[2]] == nil)
        // One list of the comments checked the four; the one it no longer held was looked
        // for among the pings (`type=pings`) before it was taken for deleted.
        #expect(fixture.server.requestCount(.listComments) == lists + 2, "one list checked the four, one the missing")
        #expect(fixture.server.requestCount(.deleteComment) == 2)
        #expect(fixture.comments.state.conflicts.isEmpty, "a run asks no question per comment")
        _ = receipt
    }

    @Test func emptySpamDoesNotDeleteACommentRestoredAfterItWasListed() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let spam = try #require(fixture.server.comments(site: fixture.site)).filter { $0.status == .spam }.map(\.id)
        try #require(spam.count >= 2)
        // Listed as spam, then restored by someone else before the run reached it.
        fixture.server.changeOutside(site: fixture.site, id: spam[0], .status(.approved))
        fixture.dispatcher.dispatch(CommentsAction.listedToEmpty(site: fixture.site, status: .spam, agreed: spam.count, result: .success(spam)))
        _ = try await fixture.comments.state { $0.lastBulk != nil && $0.bulk == nil && $0.writesInFlight == 0 }
        #expect(fixture.server.comment(site: fixture.site, id: spam[0])?.status == .approved, "a live comment is not deleted")
        #expect(spam.dropFirst().allSatisfy { fixture.server.comment(site: fixture.site, id: $0) == nil })
        #expect(fixture.comments.state.notice?.message == "Empty Spam: \(spam.count - 1) of \(spam.count) done, "
            + "1 skipped: changed on the site since they were listed (1 now approved).")
        _ = receipt
    }

    @Test func deletingForGoodACommentRestoredOutsideAsksAgainWithItsStatus() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .trash })
        fixture.server.changeOutside(site: fixture.site, id: target.id, .status(.approved))
        fixture.dispatcher.dispatch(CommentsAction.deletePermanently(site: fixture.site, id: target.id))
        try await fixture.settled()
        #expect(fixture.server.comment(site: fixture.site, id: target.id) != nil, "a live comment is not deleted")
        #expect(writes(fixture) == 0)
        #expect(fixture.siteComments[target.id]?.status == .approved)
        #expect(fixture.siteComments[target.id]?.isBeingDeleted == false)
        let held = try #require(fixture.comments.state.conflicts.first)
        #expect(held.conflict.sentence == "Restored and approved on the site since you loaded it (parley did not do it)")
        #expect(held.attempt == "delete it for good")
        _ = receipt
    }

    @Test func trashingACommentRestoredOutsideAsksTheSiteInsteadOfSayingItIsInTheTrash() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .trash })
        fixture.server.changeOutside(site: fixture.site, id: target.id, .status(.approved))
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        try await fixture.settled()
        #expect(fixture.comments.state.notice?.message
            == "Restored and approved on the site since you loaded it (parley did not do it) — nothing was written.")
        #expect(fixture.siteComments[target.id]?.status == .approved, "the row shows the site's status")
        let held = try #require(fixture.comments.state.conflicts.first)
        #expect(held.attempt == "trash")
        fixture.dispatcher.dispatch(CommentsAction.overrideConflict(number: held.number))
        try await fixture.settled()
        #expect(fixture.serverStatus(target.id) == .trash)
        _ = receipt
    }

    @Test(arguments: [
        (SiteCheck.status(id: 1, from: .hold, target: .approved, restoring: false, isUndo: false), CommentStatus.hold, nil as WriteConflict.Change?),
        (.status(id: 1, from: .hold, target: .approved, restoring: false, isUndo: false), .spam, .status(was: .hold, now: .spam)),
        (.status(id: 1, from: .hold, target: .approved, restoring: false, isUndo: false), .approved,
         .alreadyDone(was: .hold, now: .approved, restoring: false)),
        (.status(id: 1, from: .trash, target: .hold, restoring: true, isUndo: false), .approved,
         .alreadyDone(was: .trash, now: .approved, restoring: true)),
        (.deletion(id: 1, from: .spam), .spam, nil),
        (.deletion(id: 1, from: .spam), .approved, .status(was: .spam, now: .approved)),
        (.deletion(id: 1, from: nil), .approved, nil),
        (.parent(id: 1, confirmed: nil), .hold, nil),
        (.parent(id: 1, confirmed: nil), .spam, .parentStatus(now: .spam)),
        (.parent(id: 1, confirmed: .spam), .spam, nil),
    ])
    func aCheckComparesTheSitesStatusWithWhatTheUserActedOn(check: SiteCheck, site: CommentStatus, expected: WriteConflict.Change?) {
        let found = CommentSnapshot(id: 1, post: 2, parent: 0, status: site, contentHTML: "<p>Hi</p>\n", contentRaw: "Hi")
        #expect(check.conflict(with: found)?.change == expected)
    }

    @Test func aCheckFindsDeletionsAndChangedText() {
        #expect(SiteCheck.status(id: 1, from: .hold, target: .spam, restoring: false, isUndo: false).conflict(with: nil)?.change == .deleted)
        #expect(SiteCheck.parent(id: 1, confirmed: nil).conflict(with: nil)?.change == .parentDeleted)
        let found = CommentSnapshot(id: 1, post: 2, parent: 0, status: .approved, contentHTML: "<p>New words</p>\n", contentRaw: "New words")
        #expect(SiteCheck.text(id: 1, raw: "Old words", plain: "Old words").conflict(with: found)?.change == .text)
        #expect(SiteCheck.text(id: 1, raw: " New words\n", plain: "New words").conflict(with: found) == nil)
        #expect(SiteCheck.text(id: 1, raw: nil, plain: "New words").conflict(with: found) == nil, "without a source: the rendering")
    }
}
