import Testing
import Foundation
@testable import parley

/// Which site a `parley comment` command works on.
@Suite struct CommandSiteTests {
    func withConfig(_ text: String, _ body: ([String: String]) async throws -> Void) async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("parley-cmdsite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("parley"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try Data(text.utf8).write(to: home.appendingPathComponent("parley/config.toml"))
        try await body(["XDG_CONFIG_HOME": home.path, "HOME": home.path])
    }

    @Test func severalConfiguredSitesAndNoSiteIsAUsageMistake() async throws {
        let text = "[[sites]]\nname = \"a\"\nurl = \"https://a.example\"\n\n[[sites]]\nname = \"b\"\nurl = \"https://b.example\"\n"
        try await withConfig(text) { environment in
            await #expect {
                try await CommandSite.open(TargetOptions.parse([]), environment: environment)
            } throws: { error in
                (error as? CommandFailure)?.status == 2
                    && "\(error)" == "Several sites are configured (a, b): choose one with --site NAME."
            }
        }
    }

    @Test func theOnlyConfiguredSiteIsUsedAndABrokenOneIsSaid() async throws {
        try await withConfig("[[sites]]\nname = \"a\"\nurl = \"https://a.example\"\ncolour = 1\n") { environment in
            await #expect {
                try await CommandSite.open(TargetOptions.parse([]), environment: environment)
            } throws: { error in
                (error as? CommandFailure)?.status == 1 && "\(error)".contains("unknown key sites.colour in site a")
            }
        }
    }

    @Test func noSiteAnywhereIsTheMocksFirstSite() async throws {
        try await withConfig("") { environment in
            let site = try await CommandSite.open(TargetOptions.parse(["--mock-size", "3"]), environment: environment)
            #expect(site.name == "Field Notes")
            #expect(site.canEdit)
        }
    }
}
