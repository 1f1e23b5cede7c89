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

/// A save the filter store asked for: the filters of one site, numbered in the order the
/// saves of that site were asked. Kept in ``FilterState`` (the newest per site), so the
/// store knows what it asked, and quitting can write it.
struct FilterSave: Equatable, Sendable {
    let saved: FilterPersistence.Saved
    /// 1 for a site's first save, then one more each time.
    let sequence: Int
}

/// Writes the saves the filter store's effects carry, off the main actor (a toggle never
/// waits for the disk). Effects run in any order, so each save is written only if it is
/// newer than the last one written for its site, one at a time: the newest always lands
/// last. A failed save costs the filters at the next start, nothing now: not worth
/// interrupting the user for.
final class FilterSaveWriter: Sendable {
    private let storage: any FilterStorage
    /// The sequence of the last save written, per site; held while writing, so two
    /// effects never write the same file at once.
    private let written = Mutex<[SiteID: Int]>([:])

    init(storage: any FilterStorage) {
        self.storage = storage
    }

    /// Writes `save` of `site`, unless a newer one was written already.
    func write(_ save: FilterSave, site: SiteID) {
        written.withLock { written in
            guard save.sequence > written[site, default: 0] else { return }
            try? storage.save(save.saved, site: site)
            written[site] = save.sequence
        }
    }
}
