import Foundation
import GRDB

extension Replica {
    /// Keeps a write for later and returns its entry (state ``OutboxEntry/State/pending``).
    @discardableResult
    package func enqueue(
        _ kind: OutboxEntry.Kind, commentID: Int, payload: Data, created: Date = Date()
    ) async throws(ReplicaError) -> OutboxEntry {
        let site = site
        return try await writing { db in
            try db.execute(
                sql: "INSERT INTO outbox (site, kind, comment_id, payload, created, state) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [site, kind.rawValue, commentID, payload, created.timeIntervalSince1970, OutboxEntry.State.pending.rawValue]
            )
            return OutboxEntry(
                id: db.lastInsertedRowID, site: site, kind: kind, commentID: commentID, payload: payload,
                created: created, state: .pending
            )
        }
    }

    /// The outbox in sending order (oldest first); sent entries only when `includingSent`.
    package func outbox(includingSent: Bool = false) async throws(ReplicaError) -> [OutboxEntry] {
        let path = path
        let filter = includingSent ? "" : "WHERE state = '\(OutboxEntry.State.pending.rawValue)'"
        return try await reading { db in
            let rows = try Row.fetchCursor(
                db, sql: "SELECT id, site, kind, comment_id, payload, created, state FROM outbox \(filter) ORDER BY id"
            )
            var entries: [OutboxEntry] = []
            while let row = try rows.next() { entries.append(try Self.entry(from: row, path: path)) }
            return entries
        }
    }

    /// Removes a pending entry before it is sent. Returns false (and changes nothing) when
    /// there is no such entry or it was sent already: dropping twice, or dropping what a
    /// concurrent send has just marked sent, does nothing the second time.
    @discardableResult
    package func drop(outboxEntry id: Int64) async throws(ReplicaError) -> Bool {
        try await writing { db in
            try db.execute(sql: "DELETE FROM outbox WHERE id = ? AND state = 'pending'", arguments: [id])
            return db.changesCount == 1
        }
    }

    /// Records that the site accepted a pending entry. Returns false (and changes nothing)
    /// when it is not pending (dropped meanwhile, or marked already).
    @discardableResult
    package func markSent(outboxEntry id: Int64) async throws(ReplicaError) -> Bool {
        try await writing { db in
            try db.execute(sql: "UPDATE outbox SET state = 'sent' WHERE id = ? AND state = 'pending'", arguments: [id])
            return db.changesCount == 1
        }
    }

    /// Forgets every sent entry (their record is no longer needed).
    package func purgeSentOutbox() async throws(ReplicaError) {
        try await writing { db in try db.execute(sql: "DELETE FROM outbox WHERE state = 'sent'") }
    }

    private static func entry(from row: Row, path: String) throws -> OutboxEntry {
        let id: Int64 = try row.decode(atIndex: 0)
        guard let kind = OutboxEntry.Kind(rawValue: try row.decode(atIndex: 2)),
              let state = OutboxEntry.State(rawValue: try row.decode(atIndex: 6)) else {
            throw ReplicaError.damagedRow(path: path, reason: "outbox entry \(id) has an unknown kind or state")
        }
        return OutboxEntry(
            id: id, site: try row.decode(atIndex: 1), kind: kind, commentID: try row.decode(atIndex: 3),
            payload: try row.decode(atIndex: 4), created: Date(timeIntervalSince1970: try row.decode(atIndex: 5)),
            state: state
        )
    }
}
