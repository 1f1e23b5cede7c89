import Foundation
import Testing
import CommentsKit
@testable import CommentsReplica

@Suite("Replica: outbox")
struct ReplicaOutboxTests {
    @Test func entriesAreListedInOrderAndSurviveAReopen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let created = Date(timeIntervalSince1970: 1_700_000_000.5)
        do {
            let replica = try Replica.open(site: "s", in: directory.url)
            try await replica.enqueue(.reply, commentID: 4, payload: Data("{\"content\":\"hi\"}".utf8), created: created)
            try await replica.enqueue(.moderate, commentID: 5, payload: Data("spam".utf8), created: created)
        }
        let reopened = try Replica.open(site: "s", in: directory.url)
        let entries = try await reopened.outbox()
        #expect(entries.map(\.kind) == [.reply, .moderate])
        #expect(entries.map(\.commentID) == [4, 5])
        #expect(entries.first?.payload == Data("{\"content\":\"hi\"}".utf8))
        #expect(entries.allSatisfy { $0.site == "s" && $0.state == .pending && $0.created == created })
    }

    @Test func aDroppedEntryCannotBeDroppedOrSentAgain() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        let entry = try await replica.enqueue(.delete, commentID: 9, payload: Data())
        #expect(try await replica.drop(outboxEntry: entry.id))
        #expect(try await replica.drop(outboxEntry: entry.id) == false)
        #expect(try await replica.markSent(outboxEntry: entry.id) == false)
        #expect(try await replica.outbox(includingSent: true).isEmpty)
        let next = try await replica.enqueue(.delete, commentID: 9, payload: Data())
        #expect(next.id != entry.id)
    }

    @Test func aSentEntryCannotBeDroppedAndIsPurged() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        let entry = try await replica.enqueue(.edit, commentID: 2, payload: Data("new".utf8))
        #expect(try await replica.markSent(outboxEntry: entry.id))
        #expect(try await replica.markSent(outboxEntry: entry.id) == false)
        #expect(try await replica.drop(outboxEntry: entry.id) == false)
        #expect(try await replica.outbox().isEmpty)
        #expect(try await replica.outbox(includingSent: true).map(\.state) == [.sent])
        try await replica.purgeSentOutbox()
        #expect(try await replica.outbox(includingSent: true).isEmpty)
    }

    @Test func aDropRacingASendSettlesOneWay() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        for _ in 0..<20 {
            let entry = try await replica.enqueue(.moderate, commentID: 1, payload: Data())
            async let dropped = replica.drop(outboxEntry: entry.id)
            async let sent = replica.markSent(outboxEntry: entry.id)
            let outcomes = try await [dropped, sent]
            #expect(outcomes.filter { $0 }.count == 1)
        }
    }
}
