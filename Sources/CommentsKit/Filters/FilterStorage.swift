import Foundation
import Synchronization

/// Where each site's filters are kept between runs: files in the app
/// (``FilterPersistence``), memory in tests — so filter store tests need no real files.
public protocol FilterStorage: Sendable {
    /// The saved filters of `site`, if any.
    func load(site: SiteID) -> FilterPersistence.Saved?
    /// Saves the filters of `site`.
    func save(_ saved: FilterPersistence.Saved, site: SiteID) throws
}

extension FilterPersistence: FilterStorage {}

/// Filters kept in memory: for tests, and for a session that must not touch the disk.
public final class MemoryFilterStorage: FilterStorage {
    private let saved = Mutex<[SiteID: FilterPersistence.Saved]>([:])

    /// An empty storage.
    public init() {}

    public func load(site: SiteID) -> FilterPersistence.Saved? {
        saved.withLock { $0[site] }
    }

    public func save(_ saved: FilterPersistence.Saved, site: SiteID) throws {
        var saved = saved
        saved.site = site
        self.saved.withLock { $0[site] = saved }
    }
}

/// The filter saves asked for and not yet written, the newest per site. Each save is
/// written by an effect (off the main actor: a toggle never waits for the disk); effects
/// run in any order, so each writes whatever is newest, one at a time, and the newest
/// always lands last. Quitting writes what is left at once (``writeAll(to:)``).
final class PendingFilterSaves: Sendable {
    private let pending = Mutex<[SiteID: FilterPersistence.Saved]>([:])
    /// Held while writing, so two effects never write the same file at once.
    private let writing = Mutex<Void>(())

    /// Replaces what waits to be written for `site`.
    func put(_ saved: FilterPersistence.Saved, site: SiteID) {
        pending.withLock { $0[site] = saved }
    }

    /// Writes everything waiting. A failed save costs the filters at the next start,
    /// nothing now: not worth interrupting the user for.
    func writeAll(to storage: any FilterStorage) {
        writing.withLock { _ in
            let waiting = pending.withLock { pending in
                defer { pending = [:] }
                return pending
            }
            for (site, saved) in waiting { try? storage.save(saved, site: site) }
        }
    }
}
