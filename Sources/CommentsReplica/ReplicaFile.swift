import Foundation
import GRDB
import CommentsKit

/// A replica on disk, as `parley cache` shows it: whose it is, how many comments it holds,
/// how big it is; and how to remove it.
package struct ReplicaFile: Sendable, Equatable {
    /// The database file.
    package let url: URL
    /// The site it holds (its REST base), or nil when the file cannot be read.
    package let site: SiteID?
    /// Its comments, or nil when the file cannot be read.
    package let comments: Int?
    /// Bytes on disk, with SQLite's write-ahead log and shared-memory files.
    package let bytes: Int64
    /// Writes waiting in its outbox to be sent (nil when the file cannot be read): they are
    /// nowhere else, so forgetting the replica would lose them.
    package let queued: Int?

    /// Every replica in `directory`, by site.
    package static func all(in directory: URL = ReplicaDirectory.url()) -> [ReplicaFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".sqlite") }
            .map { ReplicaFile(url: directory.appendingPathComponent($0)) }
            .sorted { ($0.site ?? $0.url.path) < ($1.site ?? $1.url.path) }
    }

    /// Reads what `url` holds, read-only (a replica in use by a running parley is fine).
    package init(url: URL) {
        self.url = url
        var configuration = Configuration()
        configuration.readonly = true
        let found = try? DatabaseQueue(path: url.path, configuration: configuration).read { db in
            (try String.fetchOne(db, sql: "SELECT site FROM replica"), try Int.fetchOne(db, sql: "SELECT count(*) FROM comment"),
             try Int.fetchOne(db, sql: "SELECT count(*) FROM outbox WHERE state = 'pending'"))
        }
        site = found?.0
        comments = found?.1
        queued = found?.2
        bytes = Self.companions(of: url).reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }

    /// Removes the file and its companions; throws what the file system says.
    package func remove() throws {
        for file in Self.companions(of: url) where FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.removeItem(at: file)
        }
    }

    /// Makes the database file at `url` readable by its owner only, before SQLite opens it:
    /// creates it empty with mode 0600 when missing (SQLite takes an empty file for a new
    /// database, and gives its `-wal` and `-shm` files the database's mode), and narrows an
    /// existing one and its companions to 0600 (replicas from before were 0644; a file that
    /// cannot be narrowed, not being ours, is left as it is, as it was before). A replica
    /// holds what a login may see of a site, pending and spam comments among them: other
    /// users of the machine have no business reading it, whatever the umask. Fails with
    /// what the system says when the file cannot be created.
    static func makePrivate(_ url: URL) throws(ReplicaError) {
        if !FileManager.default.fileExists(atPath: url.path) {
            let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard descriptor >= 0 || errno == EEXIST else {
                throw .unreadable(path: url.path, reason: String(cString: strerror(errno)))
            }
            if descriptor >= 0 { close(descriptor) }
        }
        for file in companions(of: url) { _ = chmod(file.path, 0o600) }
    }

    private static func companions(of url: URL) -> [URL] {
        ["", "-wal", "-shm"].map { URL(fileURLWithPath: url.path + $0) }
    }
}
