import Foundation
import GRDB
import CommentsKit

/// The local copy of one site: its comments, post titles, a search index and an outbox,
/// in one SQLite file (issue 14). The app reads and writes it through ``ReplicaCache``.
///
/// Every read and write is `async` and runs on GRDB's own queues, never on the caller's
/// actor: a page written while the main actor draws frames does not delay them. Reads run
/// beside writes (WAL mode, a pool of reader connections) and see only committed pages.
///
/// Durability: each write is one transaction. With WAL and `synchronous = NORMAL` a
/// transaction is complete once SQLite returns, even if the process is killed the next
/// instant (the crash test kills a writer with SIGKILL); only a power loss may undo the
/// last few transactions, which a cache can afford — the site still has them.
package final class Replica: Sendable {
    /// The site whose comments the file holds.
    package let site: SiteID
    /// The database file.
    package let path: String
    /// The connections: one writer, several readers.
    let pool: DatabasePool

    /// Opens (creating if needed) the replica of `site` in `directory`, a file named after
    /// the site (``ReplicaDirectory/file(for:in:)``), and brings its schema up to date.
    package static func open(
        site: SiteID, in directory: URL = ReplicaDirectory.url()
    ) throws(ReplicaError) -> Replica {
        if let reason = StateDirectory.prepare(directory) { throw .directoryUnusable(reason: reason) }
        return try Replica(site: site, file: ReplicaDirectory.file(for: site, in: directory))
    }

    /// Opens (creating if needed) the replica of `site` stored in `file`.
    ///
    /// Fails with ``ReplicaError/unreadable(path:reason:)`` when the file is not a SQLite
    /// database, and ``ReplicaError/otherSite(path:site:)`` when it holds another site.
    package init(site: SiteID, file: URL) throws(ReplicaError) {
        self.site = site
        path = file.path
        try ReplicaFile.makePrivate(file)
        var configuration = Configuration()
        configuration.label = "parley.replica"
        configuration.prepareDatabase { db in
            // Safe against a killed process in WAL mode (see the type's comment); FULL
            // would add an fsync to every page for the sake of power losses only.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // The log is reused from its start after each checkpoint but never shrinks on
            // its own, and one transaction can be large: a page write that sets off FTS5's
            // crisis merge of a level of the search index writes that whole level again
            // (loading a million comments left a 734 MB log). Cut back to 32 MB when reset.
            try db.execute(sql: "PRAGMA journal_size_limit = \(32 * 1024 * 1024)")
        }
        do {
            pool = try DatabasePool(path: file.path, configuration: configuration)
            try ReplicaSchema.migrator.migrate(pool)
            let stored = try pool.write { db in
                try db.execute(sql: "INSERT INTO replica (singleton, site) VALUES (1, ?) ON CONFLICT DO NOTHING", arguments: [site])
                return try String.fetchOne(db, sql: "SELECT site FROM replica")
            }
            if let stored, stored != site { throw ReplicaError.otherSite(path: file.path, site: stored) }
        } catch {
            throw ReplicaError.wrapping(error, path: file.path)
        }
    }

    /// Runs `updates` in one write transaction, off the caller's actor.
    func writing<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws(ReplicaError) -> T {
        do {
            return try await pool.write(updates)
        } catch {
            throw ReplicaError.wrapping(error, path: path)
        }
    }

    /// Runs `value` on a reader connection (a snapshot of what was committed), off the
    /// caller's actor.
    func reading<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) async throws(ReplicaError) -> T {
        do {
            return try await pool.read(value)
        } catch {
            throw ReplicaError.wrapping(error, path: path)
        }
    }

    /// What SQLite's `PRAGMA integrity_check` says: `["ok"]` for a sound file, else each
    /// problem found.
    package func integrityCheck() async throws(ReplicaError) -> [String] {
        try await reading { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }
}
