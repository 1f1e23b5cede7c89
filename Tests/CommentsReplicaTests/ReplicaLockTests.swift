import Foundation
import Testing
@testable import CommentsReplica

/// `parley cache --forget-site` must not delete a replica a running parley has open: the
/// parley holds a shared lock on `<replica>.lock`; forgetting takes it exclusive, refused
/// (naming the holder's pid) while the parley holds it, granted once it lets go.
@Suite struct ReplicaLockTests {
    private func database() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-lock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("site.sqlite")
    }

    @Test func forgettingIsRefusedWhileAParleyHoldsTheReplicaAndGrantedAfter() throws {
        let file = try database()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        var running: ReplicaLock? = try ReplicaLock.share(file)
        #expect(throws: ReplicaLock.Refusal.inUse(pid: getpid())) { try ReplicaLock.exclusive(file) }
        #expect(running?.url == ReplicaLock.file(of: file))
        running = nil
        let forgetting = try ReplicaLock.exclusive(file)
        #expect(throws: ReplicaLock.Refusal.inUse(pid: getpid()), "a parley starting meanwhile waits for nothing: it is told") {
            try ReplicaLock.share(file)
        }
        forgetting.removeFile()
        #expect(!FileManager.default.fileExists(atPath: ReplicaLock.file(of: file).path))
    }

    @Test func twoParleysOnOneSiteShareTheLock() throws {
        let file = try database()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let first = try ReplicaLock.share(file)
        let second = try ReplicaLock.share(file)
        #expect(throws: ReplicaLock.Refusal.self) { try ReplicaLock.exclusive(file) }
        _ = (first, second)
    }

    @Test func theReplicaCacheLocksEachReplicaItOpens() async throws {
        let directory = try database().deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = ReplicaCache(directory: directory)
        _ = try await cache.comments(site: "https://example.org/wp-json", limit: 1)
        let replica = try #require(ReplicaFile.all(in: directory).first)
        #expect(throws: ReplicaLock.Refusal.self) { try ReplicaLock.exclusive(replica.url) }
        _ = cache
    }
}
