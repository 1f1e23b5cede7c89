import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
@testable import CommentsKit

/// The write log (issue 27, "who did what"): every write that ends is a ``WriteRecord``,
/// kept in the state for the detail pane and handed to the ``WriteJournal`` as an effect;
/// a site's records are read at start; changes made outside parley are recorded when told.
@MainActor
@Suite struct WriteJournalTests {
    @Test func aTrashEndsAsARecordInTheStateAndInTheJournal() async throws {
        let journal = MemoryJournal()
        let fixture = try StoreFixture(journal: journal)
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(CommentsAction.readJournal(site: fixture.site))
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
        let siteName = try #require(comments.state.sites.first).name
        let record = WriteRecord(time: fixture.clock.date, site: site, siteName: siteName, comment: target.id,
                                 change: .status(from: .approved, to: .trash), via: .tui)
        var answer: CommentsKit.Comment?
        await stores.receive(CommentsAction.self, where: { action in
            guard case .writeFinished(operation: 1, result: .success(let comment)) = action else { return false }
            answer = comment
            return true
        }) {
            guard let answer else { return }
            $0[comments].knownChanges[site, default: [:]][target.id] = [record]
            _ = $0[comments].requests.finish(1, postedID: answer.id)
            $0.expectRows(of: site, in: comments) { $0.modify(target.id) { $0.update(answer); $0.mark = nil } }
            $0[comments].publish(site: site, topic: .comment(target.id), .info, "Comment moved to the trash", next: .undo)
        }
        await stores.finish()
        #expect(await journal.recorded == [record])
        #expect(record.changeDescription == "moved to the trash (was approved)")
        _ = receipt
    }

    @Test func aRefusedWriteIsRecordedAsFailedWithTheSitesReason() async throws {
        let journal = MemoryJournal()
        let fixture = try StoreFixture(journal: journal)
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(CommentsAction.readJournal(site: fixture.site))
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.server.faults = MockFaults(failureRate: 1, failureKind: .serverError)
        fixture.dispatcher.dispatch(CommentsAction.moderate(site: fixture.site, id: target.id, to: .spam))
        try await fixture.settled()
        #expect(await fixture.comments.effectsFinished(timeout: .safetyNet))
        let records = fixture.comments.state.knownChanges(of: target.id, site: fixture.site)
        #expect(records.count == 1)
        guard case .failed(let reason)? = records.first?.outcome else {
            Issue.record("the write failed: \(records)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(await journal.recorded == records)
        _ = receipt
    }

    @Test func aReplyIsRecordedUnderTheCommentItAnswersWithItsNewID() async throws {
        let journal = MemoryJournal()
        let fixture = try StoreFixture(journal: journal)
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(CommentsAction.readJournal(site: fixture.site))
        let parent = try #require(fixture.entry { $0.status == .approved })
        fixture.dispatcher.dispatch(CommentsAction.reply(site: fixture.site, post: parent.post, parent: parent.id, text: "Thanks!"))
        try await fixture.settled()
        let record = try #require(fixture.comments.state.knownChanges(of: parent.id, site: fixture.site).last)
        guard case .replyPosted(let reply?) = record.change else {
            Issue.record("a posted reply: \(record)")
            return
        }
        #expect(fixture.server.comment(site: fixture.site, id: reply)?.parent == parent.id)
        #expect(record.changeDescription == "reply posted as #\(reply)")
        _ = receipt
    }

    @Test func theStartReadsTheLastFewRecordsOfEachCommentBeforeThoseOfThisRun() async throws {
        let site = "http://example.test/wp-json"
        let old = (0..<8).map { index in
            WriteRecord(time: Date(timeIntervalSince1970: 1_000 + Double(index)), site: site, comment: 5,
                        change: .status(from: .hold, to: index.isMultiple(of: 2) ? .approved : .hold))
        }
        let journal = MemoryJournal(old + [WriteRecord(time: Date(timeIntervalSince1970: 2_000), site: "elsewhere", comment: 5, change: .textEdited)])
        let fixture = try StoreFixture(journal: journal)
        fixture.dispatcher.dispatch(CommentsAction.readJournal(site: site))
        fixture.dispatcher.dispatch(CommentsAction.changedOnSite(site: site, changes: [
            SiteChange(id: 5, before: .hold, after: nil, noticed: Date(timeIntervalSince1970: 3_000)),
        ]))
        fixture.dispatcher.dispatch(CommentsAction.readJournal(site: site))
        let state = try await fixture.comments.state { !$0.knownChanges(of: 5, site: site).isEmpty && $0.knownChanges(of: 5, site: site).count > 1 }
        let kept = state.knownChanges(of: 5, site: site)
        #expect(kept.count == JournalReducer.keptPerComment)
        #expect(Array(kept.dropLast()) == Array(old.suffix(JournalReducer.keptPerComment - 1)), "the newest of the log, oldest first")
        #expect(kept.last?.actor == .outside, "what this run recorded comes after what was read")
        #expect(state.knownChanges["elsewhere"] == nil, "only the site asked for")
    }

    @Test func anOutsideChangeIsKeptAndLoggedAndSaysWhoInWords() async throws {
        let journal = MemoryJournal()
        let fixture = try StoreFixture(journal: journal)
        let siteName = try #require(fixture.comments.state.sites.first { $0.id == fixture.site }).name
        let change = WriteRecord(time: fixture.clock.date, site: fixture.site, siteName: siteName, comment: 3, actor: .outside,
                                 change: .status(from: .hold, to: .spam))
        fixture.dispatcher.dispatch(CommentsAction.readJournal(site: fixture.site))
        // The refresh found comment 3, pending, marked as spam on the site.
        fixture.dispatcher.dispatch(CommentsAction.changedOnSite(site: fixture.site, changes: [
            SiteChange(id: 3, before: .hold, after: .spam, noticed: fixture.clock.date),
        ]))
        #expect(fixture.comments.state.knownChanges(of: 3, site: fixture.site) == [change])
        #expect(await fixture.comments.effectsFinished(timeout: .safetyNet))
        #expect(await journal.recorded == [change])
        #expect(change.actorDescription(me: "admin") == "outside parley")
        #expect(change.changeDescription == "marked as spam (was pending)")
    }

    @Test func aSiteWhoseLogWasNotReadKeepsAndLogsNothing() async throws {
        let journal = MemoryJournal()
        let fixture = try StoreFixture(journal: journal)
        let receipt = try await fixture.load()
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        try await fixture.settled()
        #expect(await fixture.comments.effectsFinished(timeout: .safetyNet))
        #expect(fixture.comments.state.knownChanges.isEmpty)
        #expect(await journal.recorded.isEmpty)
        _ = receipt
    }

    @Test func withoutAJournalAReplayStillKeepsWhatTheSessionKept() async throws {
        // A replay has no journal: the recorded readJournal still says to keep the changes.
        let fixture = try StoreFixture()
        let receipt = try await fixture.load()
        fixture.dispatcher.dispatch(CommentsAction.readJournal(site: fixture.site))
        let target = try #require(fixture.entry { $0.status == .approved })
        fixture.dispatcher.dispatch(CommentsAction.trash(site: fixture.site, id: target.id))
        try await fixture.settled()
        #expect(fixture.comments.state.knownChanges(of: target.id, site: fixture.site).map(\.change) == [.status(from: .approved, to: .trash)])
        _ = receipt
    }
}

/// A record's JSON is flat and reads back the same; the log's own words.
@Suite struct WriteRecordTests {
    @Test func itsJSONIsFlatAndReadsBackTheSame() throws {
        let record = WriteRecord(time: Date(timeIntervalSince1970: 1_795_000_000.1234), site: "https://example.com/wp-json",
                                 siteName: "Blog", comment: 12, user: "admin", userID: 1, change: .status(from: .hold, to: .approved),
                                 outcome: .failed("The site refused (HTTP 403)."), overrode: "marked as spam on the site", via: .cli)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(record), as: UTF8.self)
        #expect(json == #"{"after":"approved","before":"hold","by":"parley","change":"status","comment":12,"outcome":"failed","overrode":"marked as spam on the site","problem":"The site refused (HTTP 403).","site":"https://example.com/wp-json","site_name":"Blog","time":"2026-11-18T11:06:40.123Z","user":"admin","user_id":1,"via":"cli"}"#)
        #expect(try JSONDecoder().decode(WriteRecord.self, from: Data(json.utf8)) == record)
        for change in [WriteRecord.Change.textEdited, .deletedPermanently(from: .spam), .replyPosted(reply: 40), .status(from: nil, to: .trash)] {
            var other = record
            other.change = change
            other.outcome = .done
            #expect(try JSONDecoder().decode(WriteRecord.self, from: try encoder.encode(other)) == other)
        }
    }

    @Test func aLineOfAnotherShapeIsRefusedNotGuessed() {
        for line in [#"{"time":"yesterday","site":"s","comment":1,"change":"edit","outcome":"done"}"#,
                     #"{"time":"2026-11-18T08:26:40.123Z","site":"s","comment":1,"change":"burn","outcome":"done"}"#, "{", ""] {
            #expect(throws: (any Error).self) { try JSONDecoder().decode(WriteRecord.self, from: Data(line.utf8)) }
        }
    }

    @Test func theChangeInWords() {
        func words(_ change: WriteRecord.Change) -> String {
            WriteRecord(time: Date(), site: "s", comment: 1, change: change).changeDescription
        }
        #expect(words(.status(from: .trash, to: .approved)) == "restored (approved)")
        #expect(words(.status(from: nil, to: .spam)) == "marked as spam")
        #expect(words(.status(from: .approved, to: .hold)) == "unapproved (was approved)")
        #expect(words(.deletedPermanently(from: .trash)) == "deleted permanently")
        #expect(WriteRecord(time: Date(), site: "s", comment: 1, user: "alice", change: .textEdited).actorDescription(me: "alice") == "by you")
        #expect(WriteRecord(time: Date(), site: "s", comment: 1, user: "bob", change: .textEdited).actorDescription(me: "alice") == "by bob")
    }
}

/// A journal in memory: what the store recorded, and what it reads back.
actor MemoryJournal: WriteJournal {
    private(set) var recorded: [WriteRecord] = []
    private let stored: [WriteRecord]

    init(_ stored: [WriteRecord] = []) {
        self.stored = stored
    }

    func record(_ entry: WriteRecord) {
        recorded.append(entry)
    }

    func records(site: SiteID) -> [WriteRecord] {
        stored.filter { $0.site == site }
    }
}
