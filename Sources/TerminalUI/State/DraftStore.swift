import Foundation
import CommentsKit

/// What a draft is for: a reply under a comment, or a new text for one's own comment.
package enum DraftKey: Hashable, Sendable {
    /// A reply to `parent`.
    case reply(parent: Int)
    /// An edit of comment `id`.
    case edit(id: Int)

    /// The part of the file name after the site.
    var fileSuffix: String {
        switch self {
        case .reply(let parent): "\(parent)"
        case .edit(let id): "edit-\(id)"
        }
    }
}

/// Keeps unsent text on disk (`$XDG_STATE_HOME/parley/drafts/`), one small file per site and
/// purpose, so a reply or an edit being written — or one the site refused — survives quitting.
/// Files are private to the user (0600): they hold words not yet published.
///
/// When the directory cannot be written, a store made by ``memoryOnly(tried:)`` keeps drafts
/// in memory for the session instead, and says so: its ``save(_:site:_:)`` keeps the text and
/// then throws ``DraftsNotOnDisk``, so quitting asks before losing it.
package struct DraftStore: Sendable {
    /// Where drafts go (or, for a store in memory, where they could not go).
    package let directory: URL
    /// The drafts of a store that cannot write `directory`; nil for a store on disk.
    private let memory: MemoryDrafts?

    /// Keeps drafts under `directory`.
    package init(directory: URL) {
        self.directory = directory
        memory = nil
    }

    private init(memoryOnlyFor directory: URL) {
        self.directory = directory
        memory = MemoryDrafts()
    }

    /// A store that keeps drafts in memory only, because `directory` cannot be written.
    package static func memoryOnly(tried directory: URL) -> DraftStore {
        DraftStore(memoryOnlyFor: directory)
    }

    /// Whether drafts outlive the process.
    package var isPersistent: Bool { memory == nil }

    /// The draft for `key` on `site`, if one was kept.
    package func load(site: SiteID, _ key: DraftKey) -> String? {
        if let memory { return memory.text(for: file(site: site, key)) }
        guard let data = try? Data(contentsOf: file(site: site, key)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Keeps `text` as the draft for `key` (atomically: a crash leaves the old draft or the
    /// new one, never half of one). Throws ``DraftsNotOnDisk`` when it could keep the text in
    /// memory only.
    package func save(_ text: String, site: SiteID, _ key: DraftKey) throws {
        let url = file(site: site, key)
        if let memory {
            memory.set(text, for: url)
            throw DraftsNotOnDisk(directory: directory)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(text.utf8).write(to: url, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }

    /// Forgets the draft for `key`.
    package func remove(site: SiteID, _ key: DraftKey) {
        let url = file(site: site, key)
        if let memory { return memory.set(nil, for: url) }
        try? FileManager.default.removeItem(at: url)
    }

    /// `<stem>-<parent>.txt` or `<stem>-edit-<id>.txt`, the stem from ``StateDirectory/fileStem(for:)``:
    /// two sites never share a draft, even on one host.
    func file(site: SiteID, _ key: DraftKey) -> URL {
        directory.appendingPathComponent("\(StateDirectory.fileStem(for: site))-\(key.fileSuffix).txt")
    }
}

/// A draft was kept in memory only: the drafts directory cannot be written, so quitting loses it.
package struct DraftsNotOnDisk: Error, CustomStringConvertible {
    /// Where the draft could not be written.
    package let directory: URL

    /// One sentence.
    package var description: String {
        "The draft is kept in memory only (\(directory.path) cannot be written): quitting loses it."
    }
}

/// Drafts of a session whose state directory cannot be written. A class behind a lock so the
/// `Sendable` ``DraftStore`` that holds it stays a value with one shared memory.
private final class MemoryDrafts: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [URL: String] = [:]

    func text(for url: URL) -> String? {
        lock.withLock { texts[url] }
    }

    func set(_ text: String?, for url: URL) {
        lock.withLock { texts[url] = text }
    }
}
