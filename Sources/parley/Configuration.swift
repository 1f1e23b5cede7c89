import Foundation
import TOMLKit

/// What `config.toml` may say. Every key is optional; the command line wins over the
/// file, and `PARLEY_APP_PASSWORD` wins over the file's password.
///
/// ```toml
/// [site]
/// url = "https://example.com"
/// user = "alice"
/// application_password = "abcd efgh ijkl mnop qrst uvwx"
/// timeout = 15
/// ```
struct Configuration: Equatable {
    var siteURL: String?
    var user: String?
    var applicationPassword: String?
    var timeout: Double?

    /// `$XDG_CONFIG_HOME/parley/config.toml`, or `~/.config/parley/config.toml`.
    static func defaultPath(environment: [String: String]) -> URL {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return URL(fileURLWithPath: config).appendingPathComponent("parley/config.toml")
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config/parley/config.toml")
    }

    /// Reads the file at `url`. A missing file is an empty configuration unless it was
    /// named explicitly; anything unreadable, malformed or unsafe is an error in words.
    static func load(from url: URL, explicit: Bool) throws -> Configuration {
        guard FileManager.default.fileExists(atPath: url.path) else {
            if explicit { throw LaunchError("The configuration file \(url.path) does not exist.") }
            return Configuration()
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw LaunchError("Cannot read the configuration file \(url.path).")
        }
        let text = String(decoding: data, as: UTF8.self)
        let configuration = try parse(text, path: url.path)
        if configuration.applicationPassword != nil, try isReadableByOthers(url) {
            throw LaunchError("\(url.path) holds an application password but other users can read it: run chmod 600 \(url.path).")
        }
        return configuration
    }

    /// Parses TOML text; errors name the file and what is wrong.
    static func parse(_ text: String, path: String) throws -> Configuration {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw LaunchError("\(path):\(error.source.begin.line): \(error.description)")
        } catch {
            throw LaunchError("\(path): \(error)")
        }
        guard let site = table["site"] else { return Configuration() }
        guard let site = site.table else { throw LaunchError("\(path): [site] must be a table.") }
        var configuration = Configuration()
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

    private static func string(_ table: TOMLTable, _ key: String, _ path: String) throws -> String? {
        guard let value = table[key] else { return nil }
        guard let text = value.string else { throw LaunchError("\(path): site.\(key) must be a string in quotes.") }
        return text
    }

    private static func isReadableByOthers(_ url: URL) throws -> Bool {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        let permissions = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
        return permissions & 0o044 != 0
    }
}
