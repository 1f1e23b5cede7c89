import Testing
import Foundation
import CommentsKit
@testable import CommentsReplica

/// The replicas as the comments store's cache: writes applied in the store's order even
/// when they arrive out of it, a full listing dropping what the site no longer has, and
/// `parley cache`'s view of the files.
@Suite struct ReplicaCacheTests {
    @Test func writesAreAppliedInTheirSequenceWhateverOrderTheyArriveIn() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = ReplicaCache(directory: directory.url)
        let site: SiteID = "https://example.com/wp-json/"
        let approved = ReplicaFixtures.comment(1, status: .approved)
        var spam = approved
        spam.status = .spam
        // The second write is sent first; it must wait for the first.
        async let second = cache.write(CacheWrite(sequence: 2, site: site, comments: [spam]))
        while await cache.writesWaiting == 0 { await Task.yield() }
        #expect(try await cache.comments(site: site, limit: nil).isEmpty)
        let first = await cache.write(CacheWrite(sequence: 1, site: site, comments: [approved, ReplicaFixtures.comment(2)]))
        #expect(first == nil)
        #expect(await second == nil)
        let stored = try await cache.comments(site: site, limit: nil)
        #expect(stored.map(\.id) == [2, 1])
        #expect(stored.first { $0.id == 1 }?.status == .spam)

        let third = await cache.write(CacheWrite(sequence: 3, site: site, removed: [2], keepOnly: [1, 7]))
        #expect(third == nil)
        #expect(try await cache.comments(site: site, limit: nil).map(\.id) == [1])
    }

    @Test func theFilesAreListedWithTheirSiteAndCountAndCanBeRemoved() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let cache = ReplicaCache(directory: directory.url)
        let site: SiteID = "https://example.com/wp-json/"
        _ = await cache.write(CacheWrite(sequence: 1, site: site, comments: (1...3).map { ReplicaFixtures.comment($0) }))
        let files = ReplicaFile.all(in: directory.url)
        #expect(files.map(\.site) == [site])
        #expect(files.map(\.comments) == [3])
        #expect((files.first?.bytes ?? 0) > 0)
        try files.first?.remove()
        #expect(ReplicaFile.all(in: directory.url).isEmpty)
    }

    @Test func aFileThatIsNotAReplicaIsListedAsUnreadable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try Data("not a database".utf8).write(to: directory.url.appendingPathComponent("junk.sqlite"))
        let files = ReplicaFile.all(in: directory.url)
        #expect(files.count == 1)
        #expect(files.first?.site == nil)
        #expect(files.first?.comments == nil)
    }

    /// What a site lists depends on who asks: another login on the same site starts from
    /// nothing, never from a moderator's copy with pending comments, e-mails and IPs (an
    /// author was shown the admin's cached pending comments before this).
    @Test func eachUserOfASiteHasAReplicaOfTheirOwn() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let site: SiteID = "https://example.com/wp-json/"
        let admin = ReplicaCache(directory: directory.url, users: [site: "admin"])
        #expect(await admin.write(CacheWrite(sequence: 1, site: site, comments: [ReplicaFixtures.comment(1, status: .hold)])) == nil)
        let author = ReplicaCache(directory: directory.url, users: [site: "ann"])
        #expect(try await author.comments(site: site, limit: nil).isEmpty)
        let visitor = ReplicaCache(directory: directory.url, users: [site: ""])
        #expect(try await visitor.comments(site: site, limit: nil).isEmpty)
        #expect(try await ReplicaCache(directory: directory.url, users: [site: "admin"]).comments(site: site, limit: nil).map(\.id) == [1])
        #expect(Set(ReplicaFile.all(in: directory.url).compactMap(\.site))
                == ["\(site) as admin", "\(site) as ann", "\(site) as a visitor"])
    }
}
