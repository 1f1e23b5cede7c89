import Testing
import Foundation
import CommentsKit
@testable import CommentsReplica

/// The replica's outbox as the comments store's (``CommentsCache``): writes kept as JSON,
/// read back in order after a reopen, marked sent once (and then gone), dropped once.
@Suite struct ReplicaCacheOutboxTests {
    let site: SiteID = "https://example.com/wp-json/"

    @Test func keptWritesAreReadBackInOrderByAnotherCache() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let created = Date(timeIntervalSince1970: 1_800_000_000)
        let writes: [OutboxWrite] = [
            .moderation(id: 4, from: .hold, to: .approve),
            .reply(localID: -1, post: 9, parent: 4, text: "Merci « bien »", sentAt: created),
            .edit(id: 5, previous: "old", text: "new", author: AuthorEdit(name: "Zoë", email: nil, url: nil)),
            .deletion(id: 6),
        ]
        var records: [Int64] = []
        do {
            let cache = ReplicaCache(directory: directory.url)
            for write in writes { records.append(try await cache.enqueue(write, site: site, created: created)) }
        }
        // A new run: another cache over the same directory.
        let cache = ReplicaCache(directory: directory.url)
        let entries = try await cache.outbox(site: site)
        #expect(entries.map(\.write) == writes)
        #expect(entries.map(\.record) == records)
        #expect(entries.allSatisfy { $0.created == created })
        #expect(try await cache.outbox(site: "https://other.example/wp-json/").isEmpty)
    }

    @Test func anEntryIsMarkedSentOnceAndDroppedOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = ReplicaCache(directory: directory.url)
        let deletion = try await cache.enqueue(.deletion(id: 6), site: site, created: Date())
        let reply = try await cache.enqueue(.reply(localID: -1, post: 1, parent: 2, text: "x", sentAt: Date()), site: site, created: Date())
        #expect(try await cache.markSent(outboxEntry: deletion, site: site))
        // Sent: not marked again, not droppable, not read back.
        #expect(try await !cache.markSent(outboxEntry: deletion, site: site))
        #expect(try await !cache.drop(outboxEntry: deletion, site: site))
        #expect(try await cache.drop(outboxEntry: reply, site: site))
        #expect(try await !cache.drop(outboxEntry: reply, site: site))
        #expect(try await !cache.markSent(outboxEntry: reply, site: site))
        #expect(try await cache.outbox(site: site).isEmpty)
    }
}
