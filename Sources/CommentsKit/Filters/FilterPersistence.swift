import Foundation

/// Saves each site's filters in a small JSON file under a directory
/// (`$XDG_STATE_HOME/parley/filters/` in the app), so they survive restarts.
///
/// Files are written atomically (a temporary file renamed over the old one), so a crash
/// mid-write leaves the previous filters, never half a file. A missing, unreadable or
/// malformed file reads as "no saved filters".
public struct FilterPersistence: Sendable {
    /// What is saved for a site.
    public struct Saved: Codable, Equatable, Sendable {
        /// The keys (``FilterCriterion/key``) of the filters that are on.
        public var enabled: [String]
        /// The expanded group.
        public var selectedGroup: FilterGroupID?
    }

    /// Where the files go.
    public let directory: URL

    /// Saves under `directory` (created when first needed).
    public init(directory: URL) {
        self.directory = directory
    }

    /// The default place: `$XDG_STATE_HOME/parley/filters`, or
    /// `~/.local/state/parley/filters` when the variable is unset or not absolute.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> FilterPersistence {
        FilterPersistence(directory: StateDirectory.url(environment: environment).appendingPathComponent("filters"))
    }

    /// The saved filters of `site`, if any.
    public func load(site: SiteID) -> Saved? {
        guard let data = try? Data(contentsOf: file(for: site)) else { return nil }
        return try? JSONDecoder().decode(Saved.self, from: data)
    }

    /// Saves the filters of `site`.
    public func save(_ saved: Saved, site: SiteID) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(saved).write(to: file(for: site), options: .atomic)
    }

    /// One file per site, named from the site id with anything but letters, digits, `-`
    /// and `.` replaced, so an id can never point outside the directory.
    func file(for site: SiteID) -> URL {
        let safe = site.unicodeScalars.map { scalar -> String in
            let ok = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == ".")
            return ok ? String(scalar) : "_"
        }.joined()
        let name = safe.isEmpty || safe.allSatisfy({ $0 == "." }) ? "_" : safe
        return directory.appendingPathComponent("\(name).json")
    }
}

/// Where parley keeps its state: `$XDG_STATE_HOME/parley`, or `~/.local/state/parley`.
public enum StateDirectory {
    /// The directory for `environment`.
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent("parley")
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/state/parley")
    }
}
