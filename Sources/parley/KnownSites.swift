import Foundation
import CommentsKit

/// Where each configured site's REST API was found last time, and the site's name: kept
/// beside the replicas (`sites.json` in the cache directory), so a known site opens at
/// once on its replica, without waiting for the network to find its API again (issue 14).
///
/// A cache like the replicas: a missing, unreadable or foreign file is an empty memo, and
/// a site whose API moved is found again after `parley cache --forget-site`.
struct KnownSites: Sendable {
    /// What is remembered of one site.
    struct Site: Codable, Equatable, Sendable {
        /// The REST base the site's index gave.
        var restBase: URL
        /// The site's name.
        var name: String
    }

    /// The memo file.
    let file: URL
    /// By the address the user gave (the config's or `--site`'s URL).
    private(set) var sites: [String: Site]

    /// The memo in `directory` (the replicas' directory).
    init(directory: URL) {
        file = directory.appendingPathComponent("sites.json")
        sites = (try? Data(contentsOf: file)).flatMap { try? JSONDecoder().decode([String: Site].self, from: $0) } ?? [:]
    }

    /// What is remembered for `url`, if it is a usable address.
    func site(for url: URL) -> (address: SiteAddress, name: String)? {
        guard let site = sites[url.absoluteString], let address = SiteAddress(restBase: site.restBase) else { return nil }
        return (address, site.name)
    }

    /// Remembers `connection` as the site found at `url`; written at once (a failure to
    /// write only means the next start looks the site up again).
    mutating func remember(_ connection: SiteConnection, at url: URL) {
        let site = Site(restBase: connection.client.restBase, name: connection.name)
        guard sites[url.absoluteString] != site else { return }
        sites[url.absoluteString] = site
        guard let data = try? JSONEncoder().encode(sites) else { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        write(data)
    }

    /// Forgets the site whose REST base is `restBase`.
    mutating func forget(restBase: URL) {
        let before = sites.count
        sites = sites.filter { $0.value.restBase != restBase }
        guard sites.count != before, let data = try? JSONEncoder().encode(sites) else { return }
        write(data)
    }

    /// Replaces the memo with `data`, readable by its owner only (like the replicas: it
    /// names the sites and where their APIs are). Written atomically through a new file,
    /// so the mode is set on every write.
    private func write(_ data: Data) {
        guard (try? data.write(to: file, options: .atomic)) != nil else { return }
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }
}
