import Foundation
import CommentsKit

/// Keeps unsent replies on disk (`$XDG_STATE_HOME/parley/drafts/`), one small file per
/// site and parent, so a reply being written survives quitting.
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

    /// The draft of a reply to `parent` on `site`, if one was kept.
    public func load(site: SiteID, parent: Int) -> String? {
        guard let data = try? Data(contentsOf: file(site: site, parent: parent)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Keeps `text` as the draft of a reply to `parent` (atomically: a crash leaves the
    /// old draft or the new one, never half of one).
    public func save(_ text: String, site: SiteID, parent: Int) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file(site: site, parent: parent), options: .atomic)
    }

    /// Forgets the draft of a reply to `parent`.
    public func remove(site: SiteID, parent: Int) {
        try? FileManager.default.removeItem(at: file(site: site, parent: parent))
    }

    /// `<site>-<parent>.txt`, with the site id reduced to safe characters.
    func file(site: SiteID, parent: Int) -> URL {
        let safe = String(site.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-") ? Character(scalar) : "_"
        })
        return directory.appendingPathComponent("\(safe)-\(parent).txt")
    }
}
