import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import CommentsKit
import ParleyConfiguration

/// Connects to several real sites at once, each on its own: one that cannot be reached or
/// read does not keep the others from opening.
enum SiteConnector {
    /// A site that did not open, and why.
    struct Failure: Sendable, Equatable {
        /// How the site is named (its config name, or its address).
        let site: String
        /// Why, in words.
        let reason: String

        /// "blog: config.toml:7: unknown key …" — the reason names the site already when
        /// it comes from the config file.
        var sentence: String {
            reason.contains(site) ? reason : "\(site): \(reason)"
        }
    }

    /// What came of connecting: the sites that opened, in the order given, and those that did not.
    struct Outcome: Sendable {
        let connections: [SiteConnection]
        let failures: [Failure]

        /// One sentence for the status line naming what did not open; nil when all did.
        var summary: String? {
            switch failures.count {
            case 0: nil
            case 1: "Not opened: \(failures[0].site) — \(failures[0].reason)"
            default: "Not opened: \(failures.map(\.site).joined(separator: ", ")) (see the log)."
            }
        }
    }

    /// Connects every site in parallel. Two entries for the same site open it once. With
    /// `known`, a site found before opens without asking the network, and a site found
    /// now is remembered. `offline` (`--offline`): only known sites can open; the others
    /// are failures that say how to make them known.
    static func connect(_ sites: [SiteSettings], broken: [BrokenSiteEntry], known: inout KnownSites?,
                        configuration: URLSessionConfiguration = .default, offline: Bool = false) async -> Outcome {
        let remembered = sites.map { site in known?.site(for: site.url) }
        let results = await withTaskGroup(of: (Int, Result<SiteConnection, Failure>).self) { group in
            for (index, site) in sites.enumerated() {
                let known = remembered[index]
                guard known != nil || !offline else {
                    let reason = "There is no local copy of \(site.label) yet: start parley once without --offline to make one."
                    group.addTask { (index, .failure(Failure(site: site.label, reason: reason))) }
                    continue
                }
                group.addTask {
                    do {
                        return (index, .success(try await RealSite.connect(site, known: known, configuration: configuration)))
                    } catch {
                        return (index, .failure(Failure(site: site.label, reason: ErrorSentence.of(error))))
                    }
                }
            }
            var results: [(Int, Result<SiteConnection, Failure>)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
        var connections: [SiteConnection] = []
        var failures = broken.map { Failure(site: $0.name, reason: $0.problem) }
        for (site, result) in zip(sites, results) {
            switch result {
            case .success(let connection) where !connections.contains(where: { $0.id == connection.id }):
                connections.append(connection)
                known?.remember(connection, at: site.url)
            case .success: break
            case .failure(let failure): failures.append(failure)
            }
        }
        return Outcome(connections: connections, failures: failures)
    }
}

extension SiteConnector.Failure: Error {}
