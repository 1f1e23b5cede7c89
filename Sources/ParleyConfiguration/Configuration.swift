import Foundation
import TOMLKit

/// What `config.toml` may say. Every key is optional, and a key or table parley does not
/// know is an error naming the closest known one (a typo would otherwise be ignored); the
/// command line wins over the file, and `PARLEY_APP_PASSWORD` wins over the file's password.
///
/// ```toml
/// [site]                      # the single-site form
/// url = "https://example.com"
/// user = "alice"
/// application_password = "abcd efgh ijkl mnop qrst uvwx"
/// timeout = 15
///
/// [[sites]]                   # any number of these
/// name = "blog"
/// url = "https://blog.example"
/// user = "alice"
/// password_command = "pass show wp/blog"
/// ```
///
/// A `[[sites]]` entry that is wrong (no URL, an unknown key, a password others can read)
/// does not make the whole file an error: it lands in ``brokenSites``, named, so the other
/// sites still open.
///
/// A library target of its own (not part of the `parley` executable) so the fuzz target
/// for the parser (Fuzz/Checks) can link it; parley and its tests import it.
package struct Configuration: Equatable {
    /// `site.url`.
    package var siteURL: String?
    /// `site.user`.
    package var user: String?
    /// `site.application_password`.
    package var applicationPassword: String?
    /// `site.timeout`, in seconds.
    package var timeout: Double?
    /// The `[[sites]]` entries that are usable, in file order.
    package var sites: [SiteEntry] = []
    /// The `[[sites]]` entries that are not, each with why.
    package var brokenSites: [BrokenSiteEntry] = []
    /// `load_concurrency`: page requests in flight while a site loads in the background.
    package var loadConcurrency: Int?
    /// `replica`: whether each real site's comments are kept in a local replica between
    /// runs (default true).
    package var replica: Bool?
    /// `poll_interval`: seconds between two polls of a site for new comments; 0: none.
    package var pollInterval: Int?
    /// `sweep_budget`: requests a minute per site that the background refresh of what
    /// others change may make (the polls come on top); 0: no refresh.
    package var sweepBudget: Int?
    /// `[keys]`, `theme` and `[colors]`, as written (checked by the interface).
    package var appearance = AppearanceSettings()
    /// `mouse`: whether parley asks the terminal for clicks and the wheel (on when absent).
    package var mouse: Bool?
    /// `clipboard`: `"osc52"` lets `y` copy through the terminal; `"off"` (the default) shows the link.
    package var clipboard: String?
    /// `hyperlinks`: OSC 8 links in the detail pane; absent: decided from the environment.
    package var hyperlinks: Bool?

    /// A configuration holding these values (all absent by default: an empty file).
    package init(siteURL: String? = nil, user: String? = nil, applicationPassword: String? = nil, timeout: Double? = nil) {
        self.siteURL = siteURL
        self.user = user
        self.applicationPassword = applicationPassword
        self.timeout = timeout
    }

    /// `$XDG_CONFIG_HOME/parley/config.toml`, or `~/.config/parley/config.toml`.
    package static func defaultPath(environment: [String: String]) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("parley/config.toml")
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/parley/config.toml")
    }

    /// Reads the file at `url`. A missing file is an empty configuration unless it was
    /// named explicitly; anything unreadable, malformed or unsafe is an error in words.
    package static func load(from url: URL, explicit: Bool) throws -> Configuration {
        guard FileManager.default.fileExists(atPath: url.path) else {
            if explicit { throw LaunchError("The configuration file \(url.path) does not exist.") }
            return Configuration()
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw LaunchError("Cannot read the configuration file \(url.path).")
        }
        let text = String(decoding: data, as: UTF8.self)
        var configuration = try parse(text, path: url.path)
        let hasPasswords = configuration.applicationPassword != nil || configuration.sites.contains { $0.applicationPassword != nil }
        guard hasPasswords, try isReadableByOthers(url) else { return configuration }
        let sentence = "\(url.path) holds an application password but other users can read it: run chmod 600 \(url.path)."
        if configuration.applicationPassword != nil { throw LaunchError(sentence) }
        // Only the entries that hold a password are unsafe; the others still open.
        configuration.brokenSites += configuration.sites.filter { $0.applicationPassword != nil }.map {
            BrokenSiteEntry(name: $0.name, problem: "sites.application_password is in \(url.path), which other users can read: run chmod 600 \(url.path).")
        }
        configuration.sites.removeAll { $0.applicationPassword != nil }
        return configuration
    }

    /// Parses TOML text; errors name the file and what is wrong.
    package static func parse(_ text: String, path: String) throws -> Configuration {
        if let problem = TOMLPreflight.problem(in: text) {
            throw LaunchError("\(path):\(problem.line): \(problem.message).")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw LaunchError("\(path):\(error.source.begin.line): \(error.description)")
        } catch {
            throw LaunchError("\(path) cannot be read as TOML.")
        }
        try checkKeys(of: table, text: text, path: path)
        var configuration = Configuration()
        configuration.loadConcurrency = try loadConcurrency(in: table, path: path)
        if let value = table["replica"] {
            guard let on = value.bool else { throw LaunchError("\(path): replica must be true or false.") }
            configuration.replica = on
        }
        configuration.pollInterval = try pollInterval(in: table, path: path)
        configuration.sweepBudget = try sweepBudget(in: table, path: path)
        try readTerminalKeys(of: table, path: path, into: &configuration)
        configuration.appearance = AppearanceSettings.parse(table, text: text, path: path)
        if let sites = table["sites"] {
            guard let entries = sites.array else {
                throw LaunchError("\(path): sites must be written [[sites]], one table per site.")
            }
            let parsed = SiteEntry.parse(entries, text: text, path: path)
            configuration.sites = parsed.sites
            configuration.brokenSites = parsed.broken
        }
        guard let site = table["site"] else { return configuration }
        guard let site = site.table else { throw LaunchError("\(path): [site] must be a table.") }
        configuration.siteURL = try string(site, "url", path)
        configuration.user = try string(site, "user", path)
        configuration.applicationPassword = try string(site, "application_password", path)
        if let value = site["timeout"] {
            guard let number = value.double ?? value.int.map(Double.init) else {
                throw LaunchError("\(path): site.timeout must be a number of seconds.")
            }
            configuration.timeout = number
        }
        return configuration
    }

    /// The tables the file may have, and the keys each may hold; a key outside any table
    /// maps to an empty list (``topLevelKeys``).
    static let knownKeys: [String: [String]] = [
        "site": ["url", "user", "application_password", "timeout"],
        "sites": SiteEntry.knownKeys,
    ].merging((topLevelKeys + namedByUser).map { ($0, []) }) { table, _ in table }

    /// The keys written before any table: settings of parley itself, not of a site.
    static let topLevelKeys = ["load_concurrency", "poll_interval", "replica", "theme", "sweep_budget"] + terminalKeys

    /// Tables whose keys are the user's names (key names, roles), checked by the interface.
    static let namedByUser = ["keys", "colors"]

    /// The range `load_concurrency` and `--load-concurrency` accept: WordPress hosts
    /// throttle a client with many requests at once.
    package static let loadConcurrencyRange = 1...16

    private static func loadConcurrency(in table: TOMLTable, path: String) throws -> Int? {
        guard let value = table["load_concurrency"] else { return nil }
        guard let number = value.int, loadConcurrencyRange.contains(number) else {
            throw LaunchError("\(path): load_concurrency must be a whole number from \(loadConcurrencyRange.lowerBound) to \(loadConcurrencyRange.upperBound).")
        }
        return number
    }

    /// The range `poll_interval` and `--poll-interval` accept, in seconds: 0 turns polling
    /// off; a day at most.
    package static let pollIntervalRange = 0...86_400

    private static func pollInterval(in table: TOMLTable, path: String) throws -> Int? {
        guard let value = table["poll_interval"] else { return nil }
        guard let number = value.int, pollIntervalRange.contains(number) else {
            throw LaunchError("\(path): poll_interval must be a whole number of seconds from \(pollIntervalRange.lowerBound) (no polling) to \(pollIntervalRange.upperBound).")
        }
        return number
    }

    /// The range `sweep_budget` accepts, in requests a minute per site: 0 turns the
    /// background refresh off; ten a second at most, so that no site is hammered.
    package static let sweepBudgetRange = 0...600

    private static func sweepBudget(in table: TOMLTable, path: String) throws -> Int? {
        guard let value = table["sweep_budget"] else { return nil }
        guard let number = value.int, sweepBudgetRange.contains(number) else {
            throw LaunchError("\(path): sweep_budget must be a whole number of requests a minute from \(sweepBudgetRange.lowerBound) (no background refresh) to \(sweepBudgetRange.upperBound).")
        }
        return number
    }

    // MARK: The terminal (issue 16)

    /// Settings of how parley uses the terminal, written before any table.
    static let terminalKeys = ["mouse", "clipboard", "hyperlinks"]

    /// The values `clipboard` accepts.
    package static let clipboardValues = ["off", "osc52"]

    private static func readTerminalKeys(of table: TOMLTable, path: String, into configuration: inout Configuration) throws {
        func flag(_ key: String) throws -> Bool? {
            guard let value = table[key] else { return nil }
            guard let flag = value.bool else { throw LaunchError("\(path): \(key) must be true or false.") }
            return flag
        }
        configuration.mouse = try flag("mouse")
        configuration.hyperlinks = try flag("hyperlinks")
        if let value = table["clipboard"] {
            guard let text = value.string, clipboardValues.contains(text) else {
                throw LaunchError("\(path): clipboard must be \"osc52\" (y copies through the terminal) or \"off\".")
            }
            configuration.clipboard = text
        }
    }

    /// A misspelt key would be ignored, and parley would do something other than what the
    /// file says (ask for a password, use the mock): every key must be one parley reads.
    private static func checkKeys(of table: TOMLTable, text: String, path: String) throws {
        for name in table.keys.sorted() {
            guard let known = knownKeys[name] else {
                let what = table[name]?.table == nil ? "key \(name)" : "table [\(name)]"
                let line = lineNumber(in: text, table: nil, key: name)
                throw LaunchError("\(path)\(line.map { ":\($0)" } ?? ""): unknown \(what)\(suggestion(for: name, among: Array(knownKeys.keys)))")
            }
            guard let inner = table[name]?.table, !namedByUser.contains(name) else { continue }
            for key in inner.keys.sorted() where !known.contains(key) {
                let line = lineNumber(in: text, table: name, key: key)
                throw LaunchError("\(path)\(line.map { ":\($0)" } ?? ""): unknown key \(name).\(key)\(suggestion(for: key, among: known))")
            }
        }
    }

    /// "; did you mean application_password?" when a known name is a couple of typos away.
    package static func suggestion(for name: String, among known: [String]) -> String {
        let scored = known.map { ($0, editDistance(name.lowercased(), $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 3) else {
            return " (known: \(known.sorted().joined(separator: ", ")))."
        }
        return "; did you mean \(best.0)?"
    }

    /// Levenshtein distance: insertions, deletions and substitutions of characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The line (from 1) where `key` is set, under `[table]` when given; nil when not found
    /// (TOMLKit keeps no positions for keys, so this reads the text: dotted keys and inline
    /// tables are not traced).
    static func lineNumber(in text: String, table: String?, key: String) -> Int? {
        var current: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                let name = line.drop(while: { $0 == "[" }).prefix(while: { $0 != "]" }).trimmingCharacters(in: .whitespaces)
                if table == nil, name == key { return index + 1 }
                current = name
                continue
            }
            guard current == table else { continue }
            let bare = line.hasPrefix("\"") ? String(line.dropFirst()) : line
            if bare.hasPrefix(key), let next = bare.dropFirst(key.count).first, " \t=\"".contains(next) { return index + 1 }
        }
        return nil
    }

    private static func string(_ table: TOMLTable, _ key: String, _ path: String) throws -> String? {
        guard let value = table[key] else { return nil }
        guard let text = value.string else { throw LaunchError("\(path): site.\(key) must be a string in quotes.") }
        return text
    }

    static func isReadableByOthers(_ url: URL) throws -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else {
            throw LaunchError("Cannot read the permissions of \(url.path).")
        }
        let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
        return permissions & 0o044 != 0
    }
}
