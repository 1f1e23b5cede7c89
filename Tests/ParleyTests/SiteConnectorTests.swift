import Testing
import Foundation
@testable import parley
@testable import ParleyConfiguration
import MockREST

/// The TUI's sites connect side by side: the ones that answer open, in the order configured;
/// the others are named with why, in one sentence for the status line.
@Suite struct SiteConnectorTests {
    @Test func threeSitesWithOneBrokenAndOneUnreachableOpenTheRest() async throws {
        let server = MockServer(MockConfiguration(seed: 1, siteCount: 3, commentsPerSite: 3))
        let sites = server.sites
        var missing = SiteSettings(url: try #require(URL(string: sites[0].root.absoluteString.replacingOccurrences(of: "site-1", with: "site-9"))),
                                   user: nil, applicationPassword: nil, timeout: 5)
        missing.name = "gone"
        let settings = [
            SiteSettings(url: sites[2].root, user: nil, applicationPassword: nil, timeout: 5, name: "third"),
            missing,
            SiteSettings(url: sites[0].root, user: nil, applicationPassword: nil, timeout: 5, name: "first"),
            // The same site twice opens it once.
            SiteSettings(url: sites[0].root, user: nil, applicationPassword: nil, timeout: 5, name: "again"),
        ]
        let broken = [BrokenSiteEntry(name: "typo", problem: "c.toml:3: unknown key sites.pasword in site typo.")]
        var known: KnownSites? = nil
        let outcome = await SiteConnector.connect(settings, broken: broken, known: &known, configuration: server.sessionConfiguration())
        #expect(outcome.connections.map(\.name) == [sites[2].name, sites[0].name])
        #expect(outcome.failures.map(\.site) == ["typo", "gone"])
        #expect(outcome.summary == "Not opened: typo, gone (see the log).")
        #expect(SiteConnector.Outcome(connections: [], failures: [outcome.failures[0]]).summary
                == "Not opened: typo — c.toml:3: unknown key sites.pasword in site typo.")
    }

    /// Issue 14: a site found once opens the next time without asking the network (its
    /// replica is shown at once), under the name it had.
    @Test func aKnownSiteOpensWithoutAskingTheNetwork() async throws {
        let server = MockServer(MockConfiguration(seed: 3, siteCount: 1, commentsPerSite: 5))
        let site = try #require(server.sites.first)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-known-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = [SiteSettings(url: site.root, user: nil, applicationPassword: nil, timeout: 5, name: "blog")]
        var known: KnownSites? = KnownSites(directory: directory)
        let first = await SiteConnector.connect(settings, broken: [], known: &known, configuration: server.sessionConfiguration())
        #expect(first.connections.map(\.name) == [site.name])
        let asked = server.requestLog.count
        #expect(asked > 0)

        var again: KnownSites? = KnownSites(directory: directory)
        let second = await SiteConnector.connect(settings, broken: [], known: &again, configuration: server.sessionConfiguration())
        #expect(second.connections.map(\.id) == first.connections.map(\.id))
        #expect(second.connections.map(\.name) == [site.name])
        #expect(server.requestLog.count == asked)
    }
}
