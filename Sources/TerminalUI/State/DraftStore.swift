import Foundation
import CommentsKit

/// What a draft is for: a reply under a comment, or a new text for one's own comment.
public enum DraftKey: Hashable, Sendable {
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
public struct DraftStore: Sendable {
    /// Where drafts go.
    public let directory: URL

    /// Keeps drafts under `directory`.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The standard place, under parley's state directory.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> DraftStore {
        DraftStore(directory: StateDirectory.url(environment: environment).appendingPathComponent("drafts"))
    }

    /// The draft for `key` on `site`, if one was kept.
    public func load(site: SiteID, _ key: DraftKey) -> String? {
        guard let data = try? Data(contentsOf: file(site: site, key)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Keeps `text` as the draft for `key` (atomically: a crash leaves the old draft or the
    /// new one, never half of one).
    public func save(_ text: String, site: SiteID, _ key: DraftKey) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let url = file(site: site, key)
        try Data(text.utf8).write(to: url, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
    }

    /// Forgets the draft for `key`.
    public func remove(site: SiteID, _ key: DraftKey) {
        try? FileManager.default.removeItem(at: file(site: site, key))
    }

    /// `<site>-<parent>.txt` or `<site>-edit-<id>.txt`, the site id reduced to safe characters.
    func file(site: SiteID, _ key: DraftKey) -> URL {
        let safe = String(site.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-") ? Character(scalar) : "_"
        })
        return directory.appendingPathComponent("\(safe)-\(key.fileSuffix).txt")
    }
}
