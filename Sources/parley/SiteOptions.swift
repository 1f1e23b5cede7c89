import Foundation
import ArgumentParser

/// Options that point parley at a real WordPress site.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The site to moderate: its root (https://example.com) or its REST base (…/wp-json).", valueName: "url"))
    var site: String?

    @Option(name: .long, help: ArgumentHelp("Your WordPress user name (the application password comes from PARLEY_APP_PASSWORD).", valueName: "name"))
    var user: String?

    @Option(name: .long, help: ArgumentHelp("Seconds before a request gives up.", valueName: "seconds"))
    var timeout: Double = 15

    /// The site URL, checked.
    var siteURL: URL? {
        guard let site else { return nil }
        let text = site.contains("://") ? site : "https://" + site
        return URL(string: text)
    }

    func validate() throws {
        if let site {
            guard let url = siteURL, let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                throw ValidationError("--site needs a web address such as https://example.com, not “\(site)”.")
            }
        }
        if user != nil, site == nil {
            throw ValidationError("--user goes with --site.")
        }
        guard timeout > 0, timeout <= 600 else {
            throw ValidationError("--timeout must be between 0 and 600 seconds.")
        }
    }
}
