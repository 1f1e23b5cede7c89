import Foundation
import Testing
import GRDB
import CommentsKit
@testable import CommentsReplica

@Suite("Replica: comments and posts")
struct ReplicaCommentsTests {
    @Test func aPageReadsBackWithEveryFieldInListOrder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "https://example.com/wp-json", in: directory.url)
        let page = [
            ReplicaFixtures.comment(1, author: "Zoë", text: "first &amp; best", url: "https://zoe.example"),
            ReplicaFixtures.comment(3, status: .hold, raw: "raw <b>text</b>"),
            ReplicaFixtures.comment(2, status: .spam),
        ]
        try await replica.apply(page: page)
        #expect(try await replica.comments() == page.sorted { $0.date > $1.date })
        #expect(try await replica.comments(order: .asc).map(\.id) == [1, 2, 3])
        #expect(try await replica.comments(limit: 2).map(\.id) == [3, 2])
        #expect(try await replica.comment(id: 3) == page[1])
        #expect(try await replica.comment(id: 4) == nil)
    }

    @Test func aKnownCommentIsReplacedWholeAndItsSearchEntryFollows() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        try await replica.apply(page: [ReplicaFixtures.comment(1, text: "before edit")])
        let edited = ReplicaFixtures.comment(1, text: "after edit", status: .trash)
        try await replica.apply(page: [edited])
        #expect(try await replica.comments() == [edited])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("before"))) == [])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("after"))) == [1])
    }

    @Test func aStatusChangeKeepsTheSearchEntryAndANewAuthorNameReplacesIt() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        try await replica.apply(page: [ReplicaFixtures.comment(1, author: "Ada", text: "kept text")])
        try await replica.apply(page: [ReplicaFixtures.comment(1, author: "Ada", text: "kept text", status: .spam)])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("kept"))) == [1])
        #expect(try await replica.comment(id: 1)?.status == .spam)
        try await replica.apply(page: [ReplicaFixtures.comment(1, author: "Grace", text: "kept text")])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("ada"))) == [])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("grace"))) == [1])
        try await replica.pool.write { db in
            try db.execute(sql: "INSERT INTO comment_search(comment_search) VALUES('integrity-check')")
        }
    }

    @Test func removeMissingDeletesOnlyAbsentCommentsInsideTheWindow() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        try await replica.apply(page: (1...6).map { ReplicaFixtures.comment($0, text: "word \($0)") })
        let removed = try await replica.removeMissing(
            in: ReplicaFixtures.date(2)...ReplicaFixtures.date(5), present: [2, 4]
        )
        #expect(removed == [5, 3])
        #expect(try await replica.comments(order: .asc).map(\.id) == [1, 2, 4, 6])
        #expect(try await replica.searchIDs(#require(ReplicaSearchQuery("word"))) == [6, 4, 2, 1])
        try await replica.remove(ids: [6])
        #expect(try await replica.commentCount() == 3)
    }

    @Test func postTitlesAreKeptAndReplaced() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "s", in: directory.url)
        try await replica.save(posts: [WordPressPost(id: 1, title: "Old", link: "l1"), WordPressPost(id: 2, title: "Two")])
        try await replica.save(posts: [WordPressPost(id: 1, title: "New", link: "l1")])
        #expect(try await replica.posts() == [1: WordPressPost(id: 1, title: "New", link: "l1"), 2: WordPressPost(id: 2, title: "Two")])
    }

    @Test func aReopenedReplicaHoldsWhatWasWrittenInWALMode() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        do {
            let replica = try Replica.open(site: "s", in: directory.url)
            try await replica.apply(page: [ReplicaFixtures.comment(7)])
        }
        let reopened = try Replica.open(site: "s", in: directory.url)
        #expect(try await reopened.comments().map(\.id) == [7])
        #expect(try await reopened.integrityCheck() == ["ok"])
        let journal = try await reopened.pool.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        let migrations = try await reopened.pool.read { db in try ReplicaSchema.migrator.appliedMigrations(db) }
        #expect(migrations == ["v1: comments, posts, search index, outbox", "v2: the author's user agent"])
    }

    @Test func theFileIsNamedAfterTheSiteUnderTheCacheDirectory() {
        let directory = ReplicaDirectory.url(environment: ["XDG_CACHE_HOME": "/tmp/cache", "HOME": "/home/u"])
        #expect(directory.path == "/tmp/cache/parley")
        #expect(ReplicaDirectory.url(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]).path == "/home/u/.cache/parley")
        let site = "https://example.com/blog/wp-json"
        #expect(ReplicaDirectory.file(for: site, in: directory).lastPathComponent == StateDirectory.fileStem(for: site) + ".sqlite")
    }

    @Test func anotherSitesFileIsRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("copied.sqlite")
        _ = try Replica(site: "https://a.example", file: file)
        #expect(throws: ReplicaError.otherSite(path: file.path, site: "https://a.example")) {
            try Replica(site: "https://b.example", file: file)
        }
    }

    @Test func aFileThatIsNotADatabaseIsReportedInWords() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("junk.sqlite")
        try Data(repeating: 0x41, count: 4096).write(to: file)
        do {
            _ = try Replica(site: "s", file: file)
            Issue.record("a junk file opened as a replica")
        } catch {
            guard case .unreadable(let path, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == file.path)
            #expect(reason.contains("not a database"))
            #expect(error.description.hasPrefix("the comment cache \(file.path) cannot be opened"))
        }
    }

    @Test func anUnusableDirectoryIsReportedInWords() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let blocker = directory.url.appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        #expect(throws: ReplicaError.directoryUnusable(reason: "\(blocker.path) is a file, not a directory")) {
            try Replica.open(site: "s", in: blocker.appendingPathComponent("parley"))
        }
    }
}
