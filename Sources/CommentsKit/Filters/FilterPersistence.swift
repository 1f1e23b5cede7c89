import Foundation

/// Saves each site's filters in a small JSON file under a directory
/// (`$XDG_STATE_HOME/parley/filters/` in the app), so they survive restarts.
///
/// Files are written atomically (a temporary file renamed over the old one), so a crash
/// mid-write leaves the previous filters, never half a file. A missing, unreadable or
/// malformed file reads as "no saved filters", and so does a file that names another site:
/// filters are never applied to a site they were not set on.
public struct FilterPersistence: Sendable {
    /// What is saved for a site.
    public struct Saved: Codable, Equatable, Sendable {
        /// The keys (``FilterCriterion/key``) of the filters that are on.
        public var enabled: [String]
        /// The expanded group.
        public var selectedGroup: FilterGroupID?
        /// The site these filters belong to (written by ``FilterPersistence/save(_:site:)``).
        public var site: SiteID? = nil
        /// The order of the list; nil (files written before there was a choice): threaded.
        public var order: CommentOrder? = nil
    }

    /// Where the files go.
    public let directory: URL

    /// Saves under `directory` (created when first needed).
    public init(directory: URL) {
        self.directory = directory
    }

    /// The saved filters of `site`, if any.
    public func load(site: SiteID) -> Saved? {
        guard let data = try? Data(contentsOf: file(for: site)),
              let saved = try? JSONDecoder().decode(Saved.self, from: data),
              saved.site == site else { return nil }
        return saved
    }

    /// Saves the filters of `site`.
    public func save(_ saved: Saved, site: SiteID) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var saved = saved
        saved.site = site
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(saved).write(to: file(for: site), options: .atomic)
    }

    /// One file per site, named by ``StateDirectory/fileStem(for:)``.
    func file(for site: SiteID) -> URL {
        directory.appendingPathComponent(StateDirectory.fileStem(for: site) + ".json")
    }
}

/// Where parley keeps its state: `$XDG_STATE_HOME/parley`, or `~/.local/state/parley`.
///
/// State is a convenience: when a directory cannot be written, parley says so once and
/// keeps going with what it has in memory (see ``prepare(_:)``).
public enum StateDirectory {
    /// The directory for `environment`.
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("parley")
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/parley")
    }

    /// Creates `directory` (and its parents, private to the user) if needed and checks that
    /// it can be written. Returns nil when it can, otherwise why not, in words
    /// (`/tmp/x is a file, not a directory`).
    public static func prepare(_ directory: URL) -> String? {
        let files = FileManager.default
        do {
            try files.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return whyNotCreated(directory, error)
        }
        return files.isWritableFile(atPath: directory.path) ? nil : "\(directory.path) is not writable"
    }

    /// The first thing in the way of creating `directory`: an ancestor that is a file, or a
    /// parent that cannot be written; else the system's reason.
    private static func whyNotCreated(_ directory: URL, _ error: any Error) -> String {
        var ancestor = directory
        while ancestor.path != "/" {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: ancestor.path, isDirectory: &isDirectory) {
                if !isDirectory.boolValue { return "\(ancestor.path) is a file, not a directory" }
                break
            }
            ancestor = ancestor.deletingLastPathComponent()
        }
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let posix = underlying, posix.domain == NSPOSIXErrorDomain {
            return "cannot create \(directory.path): \(String(cString: strerror(Int32(posix.code))).lowercased())"
        }
        return "cannot create \(directory.path)"
    }

    /// The start of the names of `site`'s state files: a readable slug of its id and a
    /// stable hash of the whole id, so two ids can never share a file even where their
    /// slugs agree (`example.com/blog-a` and `example.com/blog_a`), and no id can name a
    /// path outside the directory. Files named by earlier versions from the host alone
    /// (`127.0.0.1.json`) never match a stem, so they are ignored rather than applied to
    /// whichever site of that host starts first.
    public static func fileStem(for site: SiteID) -> String {
        var slug = ""
        for scalar in site.unicodeScalars {
            let safe = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == ".")
            let next: Character = safe ? Character(scalar) : "_"
            if next == "_", slug.last == "_" { continue }
            slug.append(next)
        }
        slug = String(slug.drop(while: { $0 == "_" || $0 == "." }).prefix(48))
        while slug.last == "_" || slug.last == "." { slug.removeLast() }
        return (slug.isEmpty ? "site" : slug) + "-" + stableHash(site)
    }

    /// FNV-1a, 64 bits, as 16 hex digits: the same on every run and machine (Swift's own
    /// `Hasher` is seeded per process).
    static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
