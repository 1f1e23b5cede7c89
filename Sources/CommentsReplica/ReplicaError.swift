import Foundation
import GRDB

/// Why the replica could not do what was asked, in words a user can read.
///
/// The replica is a cache: every case leaves the site itself untouched, and a caller may
/// answer any of them by working without the replica (or by removing the file and
/// starting a fresh one).
package enum ReplicaError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cache directory could not be created or written (`reason` says what is in the way).
    case directoryUnusable(reason: String)
    /// The file exists but is not a replica SQLite can open (damaged, or something else).
    case unreadable(path: String, reason: String)
    /// The file is the replica of another site (its stored site id differs).
    case otherSite(path: String, site: String)
    /// A stored row that cannot be a comment (an unknown status, a missing field).
    case damagedRow(path: String, reason: String)
    /// SQLite refused a read or a write (disk full, locked, I/O error…).
    case databaseFailed(path: String, reason: String)
    /// The task that asked was cancelled before the answer was complete.
    case cancelled

    package var description: String {
        switch self {
        case .directoryUnusable(let reason):
            return "the comment cache cannot be used: \(reason)"
        case .unreadable(let path, let reason):
            return "the comment cache \(path) cannot be opened: \(reason)"
        case .otherSite(let path, let site):
            return "the comment cache \(path) belongs to another site (\(site))"
        case .damagedRow(let path, let reason):
            return "the comment cache \(path) is damaged: \(reason)"
        case .databaseFailed(let path, let reason):
            return "the comment cache \(path) failed: \(reason)"
        case .cancelled:
            return "the cache query was cancelled"
        }
    }

    /// `error` (from GRDB, SQLite or a cancelled task) as a replica error about `path`:
    /// SQLite's own message, never a dump of the error value.
    static func wrapping(_ error: any Error, path: String) -> ReplicaError {
        switch error {
        case let replica as ReplicaError:
            return replica
        case is CancellationError:
            return .cancelled
        case let database as DatabaseError:
            if database.resultCode == .SQLITE_INTERRUPT { return .cancelled }
            let reason = database.message ?? "SQLite error \(database.resultCode.rawValue)"
            if database.resultCode == .SQLITE_NOTADB || database.resultCode == .SQLITE_CORRUPT {
                return .unreadable(path: path, reason: reason)
            }
            return .databaseFailed(path: path, reason: reason)
        case let decoding as RowDecodingError:
            return .damagedRow(path: path, reason: String(describing: decoding).prefix(200).description)
        default:
            return .databaseFailed(path: path, reason: String(describing: type(of: error)))
        }
    }
}
