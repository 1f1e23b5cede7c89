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

    /// The filters saved for `site` in this storage, if any.
    public func load(site: SiteID) -> FilterPersistence.Saved? {
        saved.withLock { $0[site] }
    }

    /// Keeps `saved` for `site` in memory.
    public func save(_ saved: FilterPersistence.Saved, site: SiteID) throws {
        var saved = saved
        saved.site = site
        self.saved.withLock { $0[site] = saved }
    }
}

/// Writes the saves the filter store's effects carry, off the main actor (a toggle never
/// waits for the disk), one at a time. Each save of a site cancels the effect of the one
/// before (``FilterSaveID``), and a cancelled effect writes nothing once it holds the
/// lock: whatever order the effects run in, the newest save lands last. A failed save
/// costs the filters at the next start, nothing now: not worth interrupting the user for.
final class FilterSaveWriter: Sendable {
    private let storage: any FilterStorage
    /// Held while writing, so two effects never write the same file at once.
    private let writing = Mutex<Void>(())

    init(storage: any FilterStorage) {
        self.storage = storage
    }

    /// Writes `saved` as the filters of `site`, unless the task asking was cancelled (a
    /// newer save of the site replaced it).
    func write(_ saved: FilterPersistence.Saved, site: SiteID) {
        writing.withLock { _ in
            guard !Task.isCancelled else { return }
            try? storage.save(saved, site: site)
        }
    }
}

/// The id a site's save effect runs under: a newer save of the site cancels it.
struct FilterSaveID: Hashable, Sendable {
    let site: SiteID
}
