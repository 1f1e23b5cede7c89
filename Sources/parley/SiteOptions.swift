import Foundation
import ArgumentParser
import CommentsKit
import ParleyConfiguration

/// Options that point parley at a real WordPress site.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The site to moderate: the name of a [[sites]] entry of the config file, its root (https://example.com) or its REST base (…/wp-json).", valueName: "name|url"))
    var site: String?

    @Option(name: .long, help: ArgumentHelp("Your WordPress user name (the application password comes from PARLEY_APP_PASSWORD or the config file).", valueName: "name"))
    var user: String?

    @Option(name: .long, help: ArgumentHelp("Seconds before a request gives up (default 15).", valueName: "seconds"))
    var timeout: Double?

    @Option(name: .long, help: ArgumentHelp("The configuration file (default $XDG_CONFIG_HOME/parley/config.toml).", valueName: "path"))
    var config: String?

    func validate() throws {
        // --site may name a config entry: it is read as an address only once the file is.
        if let site, site.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--site needs a name or an address.") }
        if let timeout { try SiteSettings.check(timeout: timeout) }
    }
}

/// A real site to connect to, from the command line, the environment and the config file.
struct SiteSettings: Equatable {
    /// The environment variable holding the application password.
    static let passwordVariable = "PARLEY_APP_PASSWORD"

    var url: URL
    var user: String?
    var applicationPassword: String?
    var timeout: Double
    /// The config entry's name, for messages; nil for `--site URL` and `[site]`.
    var name: String? = nil

    /// How messages name this site: its config name, else its address.
    var label: String { name ?? url.absoluteString }

    /// The settings for a real site, or nil to run on the mock (no site anywhere).
    /// The command line wins over the file; the environment's password over the file's.
    static func resolve(_ options: SiteOptions, _ file: Configuration, environment: [String: String]) throws -> SiteSettings? {
        guard let site = options.site ?? file.siteURL else {
            if options.user != nil { throw LaunchError("--user goes with --site (or a [site] url in the config file).") }
            return nil
        }
        let timeout = options.timeout ?? file.timeout ?? 15
        try check(timeout: timeout)
        let password = environment[passwordVariable].flatMap { $0.isEmpty ? nil : $0 } ?? file.applicationPassword
        let user = options.user ?? file.user
        if let user, password == nil {
            throw LaunchError("The user \(user) needs an application password: set \(passwordVariable) or application_password in the config file.")
        }
        return SiteSettings(url: try parseURL(site), user: user, applicationPassword: user == nil ? nil : password, timeout: timeout)
    }

    /// `example.com` or `https://example.com/blog`, as an http(s) URL with a host.
    static func parseURL(_ text: String) throws -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let candidate = trimmed.contains("://") ? trimmed : "https://" + trimmed
        guard let url = URL(string: candidate), let scheme = url.scheme?.lowercased(),
              ["http", "https"].contains(scheme), url.host?.isEmpty == false else {
            throw ValidationError("The site must be a web address such as https://example.com, not “\(text)”.")
        }
        if let reason = SiteAddress.unreachableReason(url) { throw ValidationError(reason) }
        return url
    }

    static func check(timeout: Double) throws {
        guard timeout > 0, timeout <= 600 else {
            throw ValidationError("The timeout must be between 0 and 600 seconds.")
        }
    }
}
