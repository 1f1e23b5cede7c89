import Testing
import Foundation
import CommentsKit
@testable import CommentsReplica

/// A replica holds e-mail and IP addresses: its files are the owner's alone (mode 0600),
/// whatever the umask, and a replica left 0644 by an older parley is narrowed when opened.
@Suite struct ReplicaFileModeTests {
    private func mode(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? NSNumber).intValue & 0o777
    }

    @Test func aNewReplicaAndItsLogFilesAreTheOwnersOnly() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let replica = try Replica.open(site: "https://example.com/wp-json", in: directory.url)
        try await replica.apply(page: [ReplicaFixtures.comment(1), ReplicaFixtures.comment(2)])
        for suffix in ["", "-wal", "-shm"] {
            let path = replica.path + suffix
            #expect(FileManager.default.fileExists(atPath: path), "\(path) missing")
            #expect(try mode(path) == 0o600, "\(path)")
        }
    }

    @Test func aReplicaLeftReadableByOthersIsNarrowedWhenOpened() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let site: SiteID = "https://example.com/wp-json"
        let first = try Replica.open(site: site, in: directory.url)
        try await first.apply(page: [ReplicaFixtures.comment(1)])
        for suffix in ["", "-wal", "-shm"] { chmod(first.path + suffix, 0o644) }

        let again = try Replica.open(site: site, in: directory.url)
        #expect(try await again.comments().map(\.id) == [1])
        for suffix in ["", "-wal", "-shm"] {
            #expect(try mode(again.path + suffix) == 0o600, "\(suffix)")
        }
    }
}
