import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// A write's life through the comments store, every change asserted (``TestStores``): begun
/// (the optimistic change, the undo step, the write in flight with its origin), sent, and
/// finished (confirmed or rolled back, then handed to its origin). The mock answers at once
/// and the effects' answers are taken in the order they come, so nothing here waits on time.
@MainActor
@Suite struct WriteLifecycleTests {
    @Test func aTrashIsShownAtOnceThenConfirmedByTheSite() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        // The load asks for its posts' titles: their answers are in before the story starts.
        #expect(await fixture.comments.effectsFinished(timeout: .safetyNet))
        let comments = fixture.comments
        let site = fixture.site
        let target = try #require(fixture.entry { $0.status == .approved })
        let stores = TestStores(comments)

        await stores.send(CommentsAction.trash(site: site, id: target.id)) {
            _ = $0[comments].requests.begin(PendingWrite(
                change: .moderation(site: site, id: target.id, from: .approved, to: .trash, undoing: nil), origin: .single))
            $0[comments].requests.statusBeforeTrash[site, default: [:]][target.id] = .approved
            $0.expectRows(of: site, in: comments) { $0.modify(target.id) { $0.setStatus(.trash); $0.mark = .updating } }
            $0[comments].pushUndo(UndoEntry(site: site, id: target.id, previousStatus: .approved, newStatus: .trash))
        }
        var answer: CommentsKit.Comment?
        await stores.receive(CommentsAction.self, where: { action in
            guard case .writeFinished(operation: 1, result: .success(let comment)) = action else { return false }
            answer = comment
            return true
        }) {
            guard let answer else { return }
            _ = $0[comments].requests.finish(1, postedID: answer.id)
            $0.expectRows(of: site, in: comments) { $0.modify(target.id) { $0.update(answer); $0.mark = nil } }
            $0[comments].publish(site: site, topic: .comment(target.id), .info, "Comment moved to the trash", next: .undo)
        }
        await stores.finish()
        #expect(answer?.status == .trash)
        #expect(fixture.serverStatus(target.id) == .trash)
        _ = receipt
    }

    @Test func aBulkSpamBeginsEveryCommentThenCountsEachAnswerAndEndsWithOneNotice() async throws {
        let fixture = try StoreFixture(batchComments: true)
        let receipt = try await fixture.load()
        // The load asks for its posts' titles: their answers are in before the story starts.
        #expect(await fixture.comments.effectsFinished(timeout: .safetyNet))
        let comments = fixture.comments
        let site = fixture.site
        let approved = fixture.siteComments.rows.compactMap { fixture.siteComments[$0.id] }.filter { $0.status == .approved && !$0.isLocal }
        try #require(approved.count >= 2)
        let (first, second) = (approved[0], approved[1])
        // The site takes `/batch/v1` requests: both writes go in one, so their answers come
        // back in the order they were sent.
        fixture.dispatcher.dispatch(CommentsAction.batchSizeRead(site: site, size: 25))
        let stores = TestStores(comments)

        let items = [first, second].map { BulkItem(id: $0.id, action: .moderate(.spam), undoing: nil) }
        // Check, then act: the run first reads its comments on the site, in one list.
        await stores.send(CommentsAction.bulk(site: site, ids: [first.id, second.id], action: .moderate(.spam))) {
            $0[comments].bulkRuns = 1
            var run = BulkRun(number: 1, undoBatch: 1, site: site, verb: "Spam", isUndo: false, isUndoable: true, isOfTags: true,
                              total: 2, queue: items)
            run.batchSize = 25
            run.isChecking = true
            $0[comments].bulk = run
            $0[comments].publish(site: site, .info, "Spam: 0 / 2")
        }
        var found: [CommentSnapshot] = []
        await stores.receive(CommentsAction.self, where: { action in
            guard case .bulkChecked(run: 1, ids: [first.id, second.id], result: .success(let snapshots)) = action else { return false }
            found = snapshots
            return true
        }) {
            #expect(found.map(\.id).sorted() == [first.id, second.id].sorted())
            #expect(found.allSatisfy { $0.status == .approved })
            guard var run = $0[comments].bulk else { return }
            run.isChecking = false
            run.queue = []
            for snapshot in found { run.verified[snapshot.id] = .some(snapshot) }
            for (operation, entry) in [(1, first), (2, second)] {
                _ = $0[comments].requests.begin(PendingWrite(
                    change: .moderation(site: site, id: entry.id, from: .approved, to: .spam, undoing: nil), origin: .bulk(run: 1)))
                $0[comments].pushUndo(UndoEntry(site: site, id: entry.id, previousStatus: .approved, newStatus: .spam, batch: 1))
                run.inFlight[operation] = BulkItem(id: entry.id, action: .moderate(.spam), undoing: nil)
                run.requestOfOperation[operation] = 1
            }
            $0[comments].bulk = run
            $0.expectRows(of: site, in: comments) { rows in
                for entry in [first, second] { rows.modify(entry.id) { $0.setStatus(.spam); $0.mark = .updating } }
            }
            $0[comments].publish(site: site, .info, "Spam: 0 / 2")
        }
        for (operation, entry) in [(1, first), (2, second)] {
            var answer: CommentsKit.Comment?
            await stores.receive(CommentsAction.self, where: { action in
                guard case .writeFinished(operation: operation, result: .success(let comment)) = action else { return false }
                answer = comment
                return true
            }) {
                guard let answer, var run = $0[comments].bulk else { return }
                _ = $0[comments].requests.finish(operation, postedID: answer.id)
                $0.expectRows(of: site, in: comments) { $0.modify(entry.id) { $0.update(answer); $0.mark = nil } }
                $0[comments].publish(site: site, topic: .comment(entry.id), .info, "Comment marked as spam.")
                run.inFlight[operation] = nil
                run.requestOfOperation[operation] = nil
                run.succeeded.append(entry.id)
                if run.isOver {
                    $0[comments].bulk = nil
                    $0[comments].lastBulk = run
                    $0[comments].publish(site: site, .info, "Spam: 2 of 2 done", next: .undo)
                } else {
                    $0[comments].bulk = run
                    $0[comments].publish(site: site, .info, "Spam: 1 / 2")
                }
            }
        }
        await stores.finish()
        #expect(fixture.serverStatus(first.id) == .spam && fixture.serverStatus(second.id) == .spam)
        #expect(fixture.server.requestCount(.batch) == 1)
        #expect(fixture.server.requestCount(.getComment) == 0, "one list checked both: no comment read on its own")
        _ = receipt
    }

    @Test func aReplyTheSiteRefusesKeepsItsTextMarkedFailed() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        // The load asks for its posts' titles: their answers are in before the story starts.
        #expect(await fixture.comments.effectsFinished(timeout: .safetyNet))
        let comments = fixture.comments
        let site = fixture.site
        let parent = try #require(fixture.entry { $0.status == .approved })
        fixture.server.faults.failingRoutes = [.createComment]
        fixture.server.faults.failureRate = 1
        let text = "A long considered answer"
        let stores = TestStores(comments)

        await stores.send(CommentsAction.reply(site: site, post: parent.post, parent: parent.id, text: text)) {
            let draft = CommentsKit.Comment(
                id: -1, post: parent.post, parent: parent.id, author: 0, authorName: "you", authorURL: "", date: fixture.clock.date,
                contentHTML: PlainTextHTML.html(fromPlainText: text), contentRaw: text, link: "", status: .approved, type: "comment")
            $0[comments].requests.nextLocalID = -2
            $0.expectRows(of: site, in: comments) { $0.insert(CommentEntry(draft, mark: .sending)) }
            _ = $0[comments].requests.begin(PendingWrite(
                change: .reply(site: site, localID: -1, ReplyContent(post: parent.post, parent: parent.id, text: text, sentAt: fixture.clock.date)),
                origin: .single))
        }
        var refusal: CommentsError?
        await stores.receive(CommentsAction.self, where: { action in
            guard case .writeFinished(operation: 1, result: .failure(let error)) = action else { return false }
            refusal = error
            return true
        }) {
            guard let refusal else { return }
            _ = $0[comments].requests.finish(1, postedID: nil)
            $0.expectRows(of: site, in: comments) { $0.modify(-1) { $0.mark = .failed(refusal) } }
            $0[comments].publish(site: site, topic: .comment(-1), .error, "Reply failed, your text is kept",
                                 next: .retryOrDiscardReply, detail: "\(refusal)")
        }
        await stores.finish()
        #expect(comments.state.comments(of: site)[-1]?.contentRaw == text, "the text is never lost")
        #expect(fixture.server.requestCount(.createComment) == 1)
        _ = receipt
    }
}

extension TestStores.States {
    /// The comments of `site` in `store` as `change` makes them from the state before, checked
    /// against the store's entry by entry and row by row. ``SiteComments`` compare by a
    /// revision taken from a process-wide counter (comparing a site's comments is then free),
    /// so a test cannot build one equal by hand: it checks the contents, then adopts the
    /// store's value for the comparison of the rest of the state.
    mutating func expectRows(
        of site: SiteID, in store: CommentsStore, sourceLocation: SourceLocation = #_sourceLocation,
        _ change: (inout SiteComments) -> Void
    ) {
        var expected = self[store].comments(of: site)
        change(&expected)
        let actual = actual(store).comments(of: site)
        #expect(expected.allEntries == actual.allEntries, "the comments of \(site)", sourceLocation: sourceLocation)
        #expect(expected.rows == actual.rows, "the thread order of \(site)", sourceLocation: sourceLocation)
        self[store].comments[site] = actual
    }
}
