import Foundation
import Testing
import CommentsKit
import GRDB
@testable import CommentsReplica

/// Issue 14: what a moderator's list showed (the author's e-mail, IP and user agent from
/// the edit context) is what a start from the replica shows, `--offline` included. Before,
/// the replica kept them for search only, so a cached start showed comments without them
/// and `@` / `I` had nothing to tag by until the site answered.
@Suite("Replica: the author's facts are kept")
struct ReplicaFactsTests {
    @Test func factsFromTheEditContextAreReadBack() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        let comment = ReplicaFixtures.comment(1, text: "Hello", email: "Zoë@Example.org", ip: "203.0.113.9",
                                              userAgent: "Mozilla/5.0 (X11; Linux x86_64)")
        try await replica.apply(page: [comment])
        let read = try #require(try await replica.comments(order: .desc, limit: nil).first)
        #expect(read.authorEmail == "Zoë@Example.org")
        #expect(read.authorIP == "203.0.113.9")
        #expect(read.authorUserAgent == "Mozilla/5.0 (X11; Linux x86_64)")
    }

    @Test func aReadWithoutThemKeepsThoseKnownAndNoneAreInvented() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        let known = ReplicaFixtures.comment(1, text: "Known", email: "a@example.org", ip: "192.0.2.1", userAgent: "curl/8")
        try await replica.apply(page: [known, ReplicaFixtures.comment(2, text: "Never known")])
        // Read again in the view context (no facts), with a new status.
        let viewed = ReplicaFixtures.comment(1, text: "Known", status: .spam)
        try await replica.apply(page: [viewed])
        let read = try await replica.comments(order: .asc, limit: nil)
        #expect(read.map(\.status) == [.spam, ReplicaFixtures.comment(2, text: "").status])
        #expect(read[0].authorEmail == "a@example.org")
        #expect(read[0].authorIP == "192.0.2.1")
        #expect(read[0].authorUserAgent == "curl/8")
        #expect(read[1].authorEmail == nil)
        #expect(read[1].authorIP == nil)
        #expect(read[1].authorUserAgent == nil)
    }

    @Test func aReplicaMadeBeforeTheUserAgentWasKeptOpensWithItsComments() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("old.sqlite")
        // A file as the first release left it: schema v1 only, one comment with its facts.
        do {
            let queue = try DatabaseQueue(path: file.path)
            try ReplicaSchema.migrator.migrate(queue, upTo: "v1: comments, posts, search index, outbox")
            try await queue.write { db in
                try db.execute(sql: "INSERT INTO replica (singleton, site) VALUES (1, 's')")
                try db.execute(sql: """
                    INSERT INTO comment (id, post, parent, author, author_name, author_email, author_url, author_ip,
                                         date, content_html, content_text, link, status, type)
                    VALUES (5, 1, 0, 0, 'Ann', 'ann@example.org', '', '192.0.2.5', 1700000000, '<p>Old</p>', 'Old', '', 'approved', 'comment')
                    """)
            }
        }
        let replica = try Replica(site: "s", file: file)
        let read = try #require(try await replica.comment(id: 5))
        #expect(read.authorEmail == "ann@example.org")
        #expect(read.authorIP == "192.0.2.5")
        #expect(read.authorUserAgent == nil)
    }
}
