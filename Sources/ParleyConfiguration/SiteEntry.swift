import Foundation
import TOMLKit

/// One `[[sites]]` entry of `config.toml`: a site parley opens, by name.
///
/// ```toml
/// [[sites]]
/// name = "blog"
/// url = "https://blog.example"
/// user = "alice"
/// password_command = "pass show wp/blog"   # or application_password = "…" (chmod 600)
/// timeout = 20
/// ```
package struct SiteEntry: Equatable, Sendable {
    /// What `--site` and messages call it; defaults to the URL's host.
    package var name: String
    /// The site's root or REST base, as written.
    package var url: String
    /// The WordPress user name.
    package var user: String?
    /// The application password written in the file.
    package var applicationPassword: String?
    /// The command whose first line of output is the application password.
    package var passwordCommand: String?
    /// Seconds before a request gives up.
    package var timeout: Double?

    /// An entry with these values.
    package init(name: String, url: String, user: String? = nil, applicationPassword: String? = nil,
                 passwordCommand: String? = nil, timeout: Double? = nil) {
        self.name = name
        self.url = url
        self.user = user
        self.applicationPassword = applicationPassword
        self.passwordCommand = passwordCommand
        self.timeout = timeout
    }

    /// The keys an entry may hold.
    static let knownKeys = ["name", "url", "user", "application_password", "password_command", "timeout"]

    /// Every entry of the `[[sites]]` array, each either usable or broken with a sentence
    /// naming the site and the key: one wrong entry must not keep the others from opening.
    static func parse(_ entries: TOMLArray, text: String, path: String) -> (sites: [SiteEntry], broken: [BrokenSiteEntry]) {
        var sites: [SiteEntry] = []
        var broken: [BrokenSiteEntry] = []
        for (index, value) in entries.enumerated() {
            let fallbackName = "sites entry \(index + 1)"
            guard let table = value.table else {
                broken.append(BrokenSiteEntry(name: fallbackName, problem: "\(path): each [[sites]] entry must be a table."))
                continue
            }
            let name = table["name"]?.string ?? table["url"]?.string.flatMap(Self.host(of:)) ?? fallbackName
            do {
                if sites.contains(where: { $0.name == name }) {
                    throw LaunchError("\(path): two [[sites]] entries are named \(name); names must differ.")
                }
                sites.append(try entry(table, name: name, index: index, text: text, path: path))
            } catch {
                broken.append(BrokenSiteEntry(name: name, problem: "\(error)"))
            }
        }
        return (sites, broken)
    }

    private static func entry(_ table: TOMLTable, name: String, index: Int, text: String, path: String) throws -> SiteEntry {
        for key in table.keys.sorted() where !knownKeys.contains(key) {
            let line = lineNumber(in: text, entry: index, key: key).map { ":\($0)" } ?? ""
            throw LaunchError("\(path)\(line): unknown key sites.\(key) in site \(name)\(Configuration.suggestion(for: key, among: knownKeys))")
        }
        func string(_ key: String) throws -> String? {
            guard let value = table[key] else { return nil }
            guard let text = value.string else { throw LaunchError("\(path): sites.\(key) of site \(name) must be a string in quotes.") }
            return text
        }
        if let value = table["name"], value.string?.isEmpty != false {
            throw LaunchError("\(path): sites.name of \(name) must be a non-empty string in quotes.")
        }
        guard let url = try string("url"), !url.isEmpty else {
            throw LaunchError("\(path): site \(name) has no sites.url.")
        }
        var entry = SiteEntry(name: name, url: url, user: try string("user"))
        entry.applicationPassword = try string("application_password")
        entry.passwordCommand = try string("password_command")
        if entry.applicationPassword != nil, entry.passwordCommand != nil {
            throw LaunchError("\(path): site \(name) has both sites.application_password and sites.password_command; keep one.")
        }
        if let value = table["timeout"] {
            guard let number = value.double ?? value.int.map(Double.init) else {
                throw LaunchError("\(path): sites.timeout of site \(name) must be a number of seconds.")
            }
            entry.timeout = number
        }
        return entry
    }

    /// `blog.example` of `https://blog.example/x`: the default name of an entry without one.
    private static func host(of url: String) -> String? {
        let rest = url.components(separatedBy: "://").last ?? url
        let host = rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" }
        return host.isEmpty ? nil : String(host)
    }

    /// The line (from 1) of `key` in the `entry`-th `[[sites]]` table; nil when not found.
    private static func lineNumber(in text: String, entry: Int, key: String) -> Int? {
        var seen = -1
        var inSites = false
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                inSites = line.replacingOccurrences(of: " ", with: "").hasPrefix("[[sites]]")
                if inSites { seen += 1 }
                continue
            }
            guard inSites, seen == entry else { continue }
            let bare = line.hasPrefix("\"") ? String(line.dropFirst()) : line
            if bare.hasPrefix(key), let next = bare.dropFirst(key.count).first, " \t=\"".contains(next) { return index + 1 }
        }
        return nil
    }
}

/// A `[[sites]]` entry that cannot be used, and why (a sentence naming the site and key).
package struct BrokenSiteEntry: Equatable, Sendable {
    /// The entry's name (or "sites entry N" when it has none).
    package var name: String
    /// The sentence.
    package var problem: String

    /// A broken entry.
    package init(name: String, problem: String) {
        self.name = name
        self.problem = problem
    }
}
