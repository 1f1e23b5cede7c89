import Foundation
import CommentsKit

/// Keeps unsent text on disk (`$XDG_STATE_HOME/parley/drafts/`), one small file per site and
/// purpose, so a reply or an edit being written — or one the site refused — survives quitting.
/// Files are private to the user (0600): they hold words not yet published.
///
/// The interface reads every draft once at start (``loadAll(sites:)``) and keeps them in its
/// state (``Drafts``); its writes come here as effects, off the main actor (``write(_:site:_:revision:)``).
/// A store made by ``memoryOnly(tried:)`` stands for a directory that cannot be written: it
/// reads nothing and writes nothing (``save(_:site:_:)`` throws ``DraftsNotOnDisk``), and the
/// interface keeps drafts in its state only, asking before quitting loses them.
package struct DraftStore: Sendable {
    /// Where drafts go (or, for a store in memory, where they could not go).
    package let directory: URL
    /// Whether drafts outlive the process.
    package let isPersistent: Bool
    private let order = WriteOrder()

    /// Keeps drafts under `directory`.
    package init(directory: URL) {
        self.directory = directory
        isPersistent = true
    }

    private init(memoryOnlyFor directory: URL) {
        self.directory = directory
        isPersistent = false
    }

    /// A store for a `directory` that cannot be written: drafts stay in memory.
    package static func memoryOnly(tried directory: URL) -> DraftStore {
        DraftStore(memoryOnlyFor: directory)
    }

    /// Every draft kept for `sites`, read from the directory (none for a store in memory).
    package func loadAll(sites: [SiteID]) -> [DraftRef: String] {
        guard isPersistent, let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [:] }
        var drafts: [DraftRef: String] = [:]
        for site in sites {
            // The stem ends with a hash of fixed length, so no other site's names start so.
            let prefix = StateDirectory.fileStem(for: site) + "-"
            for name in names where name.hasPrefix(prefix) && name.hasSuffix(".txt") {
                guard let key = DraftKey(fileSuffix: name.dropFirst(prefix.count).dropLast(".txt".count)),
                      let text = load(site: site, key) else { continue }
                drafts[DraftRef(site: site, key)] = text
            }
        }
        return drafts
    }

    /// The draft for `key` on `site`, if one was kept on disk.
    package func load(site: SiteID, _ key: DraftKey) -> String? {
        guard isPersistent, let data = try? Data(contentsOf: file(site: site, key)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Keeps `text` as the draft for `key` (atomically: a crash leaves the old draft or the
    /// new one, never half of one). Throws ``DraftsNotOnDisk`` for a store in memory.
    package func save(_ text: String, site: SiteID, _ key: DraftKey) throws {
        guard isPersistent else { throw DraftsNotOnDisk(directory: directory) }
        let url = file(site: site, key)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(text.utf8).write(to: url, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }

    /// Forgets the draft for `key`.
    package func remove(site: SiteID, _ key: DraftKey) {
        guard isPersistent else { return }
        try? FileManager.default.removeItem(at: file(site: site, key))
    }

    /// Keeps `text` as the draft for `key`, or forgets it (`nil`) — unless a newer write of
    /// the same draft (a higher `revision`) was carried out already: the interface's writes
    /// run as concurrent tasks, and the newest must win on disk whatever order they run in.
    package func write(_ text: String?, site: SiteID, _ key: DraftKey, revision: Int) throws {
        try order.perform(file(site: site, key), revision: revision) {
            if let text { try save(text, site: site, key) } else { remove(site: site, key) }
        }
    }

    /// `<stem>-<parent>.txt` or `<stem>-edit-<id>.txt`, the stem from ``StateDirectory/fileStem(for:)``:
    /// two sites never share a draft, even on one host.
    func file(site: SiteID, _ key: DraftKey) -> URL {
        directory.appendingPathComponent("\(StateDirectory.fileStem(for: site))-\(key.fileSuffix).txt")
    }
}

/// A draft was not written: the drafts directory cannot be written, so quitting loses it.
package struct DraftsNotOnDisk: Error, CustomStringConvertible {
    /// Where the draft could not be written.
    package let directory: URL

    /// One sentence.
    package var description: String {
        "The draft is kept in memory only (\(directory.path) cannot be written): quitting loses it."
    }
}

/// The newest write carried out for each draft file, so an older write that runs late is
/// skipped. A class behind a lock so the `Sendable` ``DraftStore`` that holds it stays a
/// value whose copies share one order; the lock is held across the write, so two writes
/// of one file never interleave (drafts are a few hundred bytes).
private final class WriteOrder: @unchecked Sendable {
    private let lock = NSLock()
    private var newest: [URL: Int] = [:]

    func perform(_ file: URL, revision: Int, _ write: () throws -> Void) throws {
        try lock.withLock {
            guard revision > newest[file] ?? Int.min else { return }
            newest[file] = revision
            try write()
        }
    }
}
