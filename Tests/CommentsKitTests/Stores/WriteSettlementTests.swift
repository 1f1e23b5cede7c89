import Testing
import Foundation
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// How a write's answer goes wrong in these tests, and whether the site did the write.
enum AnswerFault: String, CaseIterable, CustomTestStringConvertible {
    /// Done; the answer's JSON is cut in half.
    case malformed
    /// Done; the connection drops before the answer.
    case droppedAfterApplying
    /// Not done; the connection drops first.
    case droppedBeforeApplying

    var isApplied: Bool { self != .droppedBeforeApplying }
    var testDescription: String { rawValue }

    /// The faults that break `route` this way (reads keep working, so the check can run).
    func faults(on route: MockRoute) -> MockFaults {
        var faults = MockFaults()
        switch self {
        case .malformed:
            faults.malformedRoutes = [route]
        case .droppedAfterApplying, .droppedBeforeApplying:
            faults.failureRate = 1
            faults.failingRoutes = [route]
            faults.failureKind = self == .droppedAfterApplying ? .droppedAfterApplying : .droppedConnection
        }
        return faults
    }
}

/// Settle, then tell: writes whose answer is lost or unreadable are checked with the site
/// (through the real client against the mock) before the store reports them.
@MainActor
@Suite struct WriteSettlementTests {
    @Test(arguments: AnswerFault.allCases)
    func aModerationIsReportedAsTheSiteHasIt(_ fault: AnswerFault) async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.server.faults = fault.faults(on: .updateComment)
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: target.id, to: .spam))
        try await fixture.settled()
        let notice = try #require(fixture.comments.state.notice)
        if fault.isApplied {
            #expect(fixture.serverStatus(target.id) == .spam)
            #expect(fixture.siteComments[target.id]?.status == .spam)
            #expect(notice.kind == .info)
            #expect(notice.message == "Comment marked as spam.")
            #expect(fixture.comments.state.undoable?.id == target.id, "a done write can be undone")
        } else {
            #expect(fixture.serverStatus(target.id) == .approved)
            #expect(fixture.siteComments[target.id]?.status == .approved)
            #expect(notice.message.hasPrefix("Spam failed: "))
            #expect(fixture.comments.state.undoable == nil)
        }
        #expect(fixture.siteComments[target.id]?.mark == nil)
        _ = receipt
    }

    @Test(arguments: AnswerFault.allCases)
    func aTrashIsReportedAsTheSiteHasIt(_ fault: AnswerFault) async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.server.faults = fault.faults(on: .deleteComment)
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        try await fixture.settled()
        #expect(fixture.serverStatus(target.id) == (fault.isApplied ? .trash : .approved))
        #expect(fixture.siteComments[target.id]?.status == (fault.isApplied ? .trash : .approved))
        let notice = try #require(fixture.comments.state.notice)
        if fault.isApplied {
            #expect(notice.message == "Comment moved to the trash")
            #expect(notice.nextStep == .undo)
        } else {
            #expect(notice.message.hasPrefix("Trash failed: "))
            #expect(notice.message.hasSuffix(" — restored."))
        }
        _ = receipt
    }

    @Test(arguments: AnswerFault.allCases)
    func aPermanentDeletionIsReportedAsTheSiteHasIt(_ fault: AnswerFault) async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.server.faults = fault.faults(on: .deleteComment)
        fixture.dispatcher.dispatch(CommentsAction.deletePermanently(site: fixture.site, id: target.id))
        try await fixture.settled()
        if fault.isApplied {
            #expect(fixture.server.comment(site: fixture.site, id: target.id) == nil)
            #expect(fixture.siteComments[target.id] == nil)
            #expect(fixture.comments.state.notice?.message == "Comment deleted permanently.")
        } else {
            #expect(fixture.server.comment(site: fixture.site, id: target.id) != nil)
            #expect(fixture.siteComments[target.id]?.isBeingDeleted == false)
            #expect(fixture.comments.state.notice?.message.hasPrefix("Delete failed: ") == true)
        }
        _ = receipt
    }

    @Test(arguments: AnswerFault.allCases)
    func anEditIsReportedAsTheSiteHasIt(_ fault: AnswerFault) async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let mine = try await postOwnReply(fixture, text: "first words")
        fixture.server.faults = fault.faults(on: .updateComment)
        fixture.dispatcher.dispatch(CommentsAction.edit(site: fixture.site, id: mine, text: "second words"))
        try await fixture.settled()
        let onServer = fixture.server.comment(site: fixture.site, id: mine)?.content
        if fault.isApplied {
            #expect(onServer == "second words")
            #expect(fixture.siteComments[mine]?.text == "second words")
            #expect(fixture.comments.state.notice?.message == "Comment updated.")
            #expect(fixture.comments.state.unsentEdit == nil)
        } else {
            #expect(onServer == "first words")
            #expect(fixture.siteComments[mine]?.text == "first words")
            #expect(fixture.comments.state.unsentEdit?.text == "second words", "the text is kept")
        }
        _ = receipt
    }

    @Test(arguments: AnswerFault.allCases)
    func aReplyIsReportedAsTheSiteHasItAndExistsOnce(_ fault: AnswerFault) async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let parent = try #require(fixture.entry { $0.status == .approved && $0.parent == 0 })
        fixture.server.faults = fault.faults(on: .createComment)
        let text = "It’s fixed — \"quoted\" -- and done..."
        fixture.dispatcher.dispatch(CommentsAction.reply(site: fixture.site, post: parent.post, parent: parent.id, text: text))
        try await fixture.settled()
        let copies = try #require(fixture.server.comments(site: fixture.site)).filter { $0.content == text }
        if fault.isApplied {
            #expect(copies.count == 1)
            let realID = try #require(fixture.comments.state.postedReplies.values.first)
            #expect(realID == copies.first?.id, "the reply takes the site's comment")
            #expect(fixture.siteComments.localEntries.isEmpty, "no failed copy is left to become a draft")
            #expect(fixture.comments.state.notice?.message == "Reply posted.")
        } else {
            #expect(copies.isEmpty)
            let failed = try #require(fixture.siteComments.localEntries.first)
            #expect(failed.contentRaw == text)
            #expect(fixture.comments.state.notice?.kind == .error)
        }
        _ = receipt
    }

    @Test func aReplyWhoseOutcomeCannotBeCheckedKeepsItsTextAndARetryDoesNotPostItTwice() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let parent = try #require(fixture.entry { $0.status == .approved && $0.parent == 0 })
        // The reply is posted but its answer is lost, and the list that would find it fails too.
        var faults = MockFaults(failureRate: 1, failureKind: .droppedAfterApplying)
        faults.failingRoutes = [.createComment, .listComments]
        fixture.server.faults = faults
        let text = "Posted once, whatever happens"
        fixture.dispatcher.dispatch(CommentsAction.reply(site: fixture.site, post: parent.post, parent: parent.id, text: text))
        try await fixture.settled()
        let kept = try #require(fixture.siteComments.localEntries.first)
        guard case .failed(.outcomeUnknown) = kept.mark else {
            Issue.record("expected an unknown outcome, got \(String(describing: kept.mark))")
            return
        }
        #expect(kept.contentRaw == text)
        #expect(fixture.comments.state.notice?.message.contains("may or may not") == true)

        fixture.server.faults = MockFaults()
        let creates = fixture.server.requestCount(.createComment)
        fixture.dispatcher.dispatch(CommentsAction.retryReply(site: fixture.site, localID: kept.id))
        try await fixture.settled()
        #expect(fixture.server.requestCount(.createComment) == creates, "the retry found it: nothing sent again")
        #expect(try #require(fixture.server.comments(site: fixture.site)).filter { $0.content == text }.count == 1)
        #expect(fixture.comments.state.postedReplies[kept.id] != nil)
        #expect(fixture.siteComments.localEntries.isEmpty)
        #expect(fixture.comments.state.notice?.message == "Reply posted.")
        _ = receipt
    }

    @Test func aRetryThatTheSiteCallsADuplicateShowsTheReplyAsPosted() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let parent = try #require(fixture.entry { $0.status == .approved && $0.parent == 0 })
        // A refused connection is a certain failure: the retry does not check first.
        fixture.server.faults.offline = true
        let text = "Sent from two windows"
        fixture.dispatcher.dispatch(CommentsAction.reply(site: fixture.site, post: parent.post, parent: parent.id, text: text))
        try await fixture.settled()
        let failed = try #require(fixture.siteComments.localEntries.first)
        // Meanwhile the same text reached the site another way.
        fixture.server.faults = MockFaults()
        let other = try fixture.anotherModerator()
        let posted = try await other.reply(post: parent.post, parent: parent.id, content: text)
        fixture.dispatcher.dispatch(CommentsAction.retryReply(site: fixture.site, localID: failed.id))
        try await fixture.settled()
        #expect(fixture.comments.state.postedReplies[failed.id] == posted.id, "409 comment_duplicate: it is there")
        #expect(try #require(fixture.server.comments(site: fixture.site)).filter { $0.content == text }.count == 1)
        #expect(fixture.comments.state.notice?.message == "Reply posted.")
        _ = receipt
    }

    @Test func aModerationWhoseOutcomeCannotBeCheckedSaysSo() async throws {
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        // The check before the write reads the comment; only the one after it fails. The
        // write's lost answer comes late enough for the fault to change once it arrived.
        var faults = MockFaults(failureRate: 1, failureKind: .droppedAfterApplying)
        faults.failingRoutes = [.updateComment]
        faults.routeLatency[.updateComment] = .seconds(2)
        fixture.server.faults = faults
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: target.id, to: .hold))
        await fixture.server.requests(.updateComment, reach: 1)
        faults.failingRoutes = [.updateComment, .getComment]
        fixture.server.faults = faults
        try await fixture.settled()
        let notice = try #require(fixture.comments.state.notice)
        #expect(notice.kind == .error)
        #expect(notice.message.hasPrefix("Unapprove: The site may or may not have done it"))
        #expect(fixture.comments.state.lastRollback?.id == target.id)
        _ = receipt
    }

    @Test func aWriteThatTimesOutAfterReachingTheSiteIsReportedAsDone() async throws {
        // The site applies the write and the client's wait for its answer times out; the
        // store then asks. The mock ends the wait itself (`URLError.timedOut`): a 2 s client
        // timeout against 30 s of latency raced the machine, and under ThreadSanitizer on a
        // loaded one the load and the check could time out too (the outcome then reported
        // unknown). The client's own timer has its test: ClientFaultTests.
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.server.faults = MockFaults(failureRate: 1, failureKind: .timedOutAfterApplying, failingRoutes: [.updateComment])
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: target.id, to: .spam))
        try await fixture.settled()
        #expect(fixture.serverStatus(target.id) == .spam)
        #expect(fixture.siteComments[target.id]?.status == .spam)
        #expect(fixture.comments.state.notice?.message == "Comment marked as spam.")
        _ = receipt
    }

    /// Logs in, posts a reply of one's own and returns its id.
    private func postOwnReply(_ fixture: StoreFixture, text: String) async throws -> Int {
        fixture.dispatcher.dispatch(CommentsAction.verifyCredentials(site: fixture.site))
        _ = try await fixture.comments.state { $0.currentUsers[fixture.site] != nil }
        let parent = try #require(fixture.entry { $0.status == .approved })
        fixture.dispatcher.dispatch(CommentsAction.reply(site: fixture.site, post: parent.post, parent: parent.id, text: text))
        try await fixture.settled()
        return try #require(fixture.comments.state.postedReplies.values.first)
    }
}
