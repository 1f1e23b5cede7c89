import Foundation
import ArgumentParser
import ParleyConfiguration

/// The sites a run opens: the embedded mock, or real sites from the command line and the
/// config file — with the config entries that could not be used, each in a sentence.
enum SiteSelection: Equatable {
    /// No site anywhere: the embedded mock.
    case mock
    /// These sites; `broken` names the entries left out and why.
    case sites([SiteSettings], broken: [BrokenSiteEntry])

    /// `--site NAME|URL` opens that one site (a config entry by name or address, else the
    /// address with the command line's and `[site]`'s user); with no `--site`, every site of
    /// the file (`[site]` and each `[[sites]]`); with neither, the mock. A password command
    /// runs only for the sites being opened.
    static func resolve(_ options: SiteOptions, _ file: Configuration, environment: [String: String],
                        passwordTimeout: Double = PasswordCommand.defaultTimeout) throws -> SiteSelection {
        let resolveEntry = { (entry: SiteEntry) throws -> SiteSettings in
            try SiteSettings.resolve(entry, options, environment: environment, passwordTimeout: passwordTimeout)
        }
        if let wanted = options.site {
            if let entry = file.sites.first(where: { $0.name == wanted }) ?? file.sites.first(where: { sameAddress($0.url, wanted) }) {
                return .sites([try resolveEntry(entry)], broken: [])
            }
            if let broken = file.brokenSites.first(where: { $0.name == wanted }) { throw LaunchError(broken.problem) }
            if isName(wanted) {
                // A bare word is a name: a typo must not send the password to https://blgo.
                let names = (file.sites.map(\.name) + file.brokenSites.map(\.name)).joined(separator: ", ")
                throw LaunchError("No site is named \(wanted) in the config file" + (names.isEmpty ? "." : " (sites: \(names))."))
            }
            return .sites(try SiteSettings.resolve(options, file, environment: environment).map { [$0] } ?? [], broken: [])
        }
        guard file.siteURL != nil || !file.sites.isEmpty || !file.brokenSites.isEmpty else {
            if options.user != nil { throw LaunchError("--user goes with --site (or a site in the config file).") }
            return .mock
        }
        var sites: [SiteSettings] = []
        var broken = file.brokenSites
        if file.siteURL != nil, let single = try SiteSettings.resolve(options, file, environment: environment) { sites.append(single) }
        for entry in file.sites {
            do {
                sites.append(try resolveEntry(entry))
            } catch {
                broken.append(BrokenSiteEntry(name: entry.name, problem: "\(error)"))
            }
        }
        return .sites(sites, broken: broken)
    }

    /// Whether `--site` gave a name rather than an address: one word, no dot, colon or slash
    /// (`localhost` excepted, which is an address).
    static func isName(_ text: String) -> Bool {
        !text.contains(where: { ".:/[".contains($0) }) && text.lowercased() != "localhost"
    }

    /// Whether `--site` gave the address of a config entry.
    private static func sameAddress(_ entryURL: String, _ given: String) -> Bool {
        guard given.contains("."), let a = try? SiteSettings.parseURL(entryURL), let b = try? SiteSettings.parseURL(given) else { return false }
        return a.absoluteString.trimmingCharacters(in: ["/"]) == b.absoluteString.trimmingCharacters(in: ["/"])
    }
}

extension SiteSettings {
    /// The environment variable with the password of the site named `name`:
    /// `PARLEY_APP_PASSWORD_BLOG` for `blog` (letters upper-cased, anything else `_`).
    static func passwordVariable(for name: String) -> String {
        passwordVariable + "_" + String(name.uppercased().unicodeScalars.map {
            ("A"..."Z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "_"
        })
    }

    /// A config entry's settings. The password comes from `PARLEY_APP_PASSWORD_<NAME>`,
    /// then `PARLEY_APP_PASSWORD`, then the entry (its `application_password`, or its
    /// `password_command`, run only when a user needs it). Errors name the site.
    static func resolve(_ entry: SiteEntry, _ options: SiteOptions, environment: [String: String],
                        passwordTimeout: Double) throws -> SiteSettings {
        let url: URL
        do { url = try parseURL(entry.url) } catch {
            throw LaunchError("Site \(entry.name): sites.url is not a web address such as https://example.com (“\(entry.url)”).")
        }
        let timeout = options.timeout ?? entry.timeout ?? 15
        guard timeout > 0, timeout <= 600 else { throw LaunchError("Site \(entry.name): sites.timeout must be between 0 and 600 seconds.") }
        let user = options.user ?? entry.user
        var password: String?
        if user != nil {
            let variable = passwordVariable(for: entry.name)
            password = [environment[variable], environment[passwordVariable]].compactMap { $0?.isEmpty == false ? $0 : nil }.first
                ?? entry.applicationPassword
            if password == nil, let command = entry.passwordCommand {
                do {
                    password = try PasswordCommand(command).password(environment: environment, timeout: passwordTimeout)
                } catch {
                    throw LaunchError("Site \(entry.name): sites.\(error)")
                }
            }
            if let user, password == nil {
                throw LaunchError("Site \(entry.name): the user \(user) needs an application password: set \(variable), sites.application_password or sites.password_command.")
            }
        }
        return SiteSettings(url: url, user: user, applicationPassword: password, timeout: timeout, name: entry.name)
    }
}
