import Testing
import Foundation
@testable import parley
@testable import ParleyConfiguration
import MockREST

@Suite struct ConfigurationTests {
    func options(_ arguments: [String]) throws -> SiteOptions {
        try SiteOptions.parse(arguments)
    }

    @Test func noSiteAnywhereMeansTheMock() throws {
        #expect(try SiteSettings.resolve(options([]), Configuration(), environment: [:]) == nil)
    }

    @Test func theCommandLineWinsOverTheFileAndTheEnvironmentOverTheFilesPassword() throws {
        let file = Configuration(siteURL: "https://file.example", user: "file-user", applicationPassword: "file-pass", timeout: 30)
        let settings = try #require(try SiteSettings.resolve(
            options(["--site", "cli.example", "--user", "cli-user"]), file,
            environment: ["PARLEY_APP_PASSWORD": "env-pass"]))
        #expect(settings.url.absoluteString == "https://cli.example")
        #expect(settings.user == "cli-user")
        #expect(settings.applicationPassword == "env-pass")
        #expect(settings.timeout == 30)
        let fromFile = try #require(try SiteSettings.resolve(options([]), file, environment: [:]))
        #expect(fromFile.url.absoluteString == "https://file.example")
        #expect(fromFile.applicationPassword == "file-pass")
    }

    @Test func aUserWithoutAPasswordIsAClearError() throws {
        #expect(throws: LaunchError.self) {
            try SiteSettings.resolve(options(["--site", "https://x.example", "--user", "bob"]), Configuration(), environment: [:])
        }
        #expect(throws: LaunchError.self) {
            try SiteSettings.resolve(options(["--user", "bob"]), Configuration(), environment: [:])
        }
    }

    @Test func badAddressesAndTimeoutsAreRefused() {
        #expect(throws: (any Error).self) { try SiteSettings.parseURL("ftp://example.com") }
        #expect(throws: (any Error).self) { try SiteSettings.parseURL("https://") }
        #expect((try? SiteSettings.parseURL("example.com/blog"))?.absoluteString == "https://example.com/blog")
        #expect(throws: (any Error).self) { try SiteSettings.check(timeout: 0) }
        #expect(throws: (any Error).self) { try SiteSettings.check(timeout: 601) }
    }

    @Test func parsesTheSiteTable() throws {
        let text = """
            # parley
            [site]
            url = "https://example.com"
            user = "alice"
            application_password = "abcd efgh"
            timeout = 20
            """
        let configuration = try Configuration.parse(text, path: "c.toml")
        #expect(configuration == Configuration(siteURL: "https://example.com", user: "alice", applicationPassword: "abcd efgh", timeout: 20))
    }

    @Test func malformedFilesAreErrorsInWords() {
        #expect(throws: LaunchError.self) { try Configuration.parse("[site\nurl = 1", path: "c.toml") }
        #expect(throws: LaunchError.self) { try Configuration.parse("[site]\nurl = 5", path: "c.toml") }
        #expect(throws: LaunchError.self) { try Configuration.parse("site = 3", path: "c.toml") }
        #expect((try? Configuration.parse("[site]\ntimeout = \"soon\"", path: "c.toml")) == nil)
    }

    @Test func aPasswordInAFileOthersCanReadIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.toml")
        try Data("[site]\nurl = \"https://x.example\"\napplication_password = \"secret\"\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect(throws: LaunchError.self) { try Configuration.load(from: file, explicit: true) }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        #expect(try Configuration.load(from: file, explicit: true).applicationPassword == "secret")
        #expect(try Configuration.load(from: directory.appendingPathComponent("missing.toml"), explicit: false) == Configuration())
        #expect(throws: LaunchError.self) { try Configuration.load(from: directory.appendingPathComponent("missing.toml"), explicit: true) }
    }
}

@Suite struct MockOptionsTests {
    @Test func everyFaultIsSettableFromTheCommandLine() throws {
        let options = try MockOptions.parse([
            "--latency", "200", "--jitter", "30", "--fail-rate", "0.5", "--fail-kind", "dropped-connection",
            "--fail-writes-only", "--malformed", "list", "--malformed", "users-me", "--offline", "--seed", "9",
        ])
        let faults = options.faults
        #expect(faults.latency == .milliseconds(200))
        #expect(faults.jitter == .milliseconds(30))
        #expect(faults.failureRate == 0.5)
        #expect(faults.failureKind == .droppedConnection)
        #expect(faults.failingRoutes == MockRoute.writes)
        #expect(faults.malformedRoutes == [.listComments, .usersMe])
        #expect(faults.offline)
        #expect(faults.seed == 9)
    }

    @Test func jitterDefaultsToAQuarterOfTheLatency() throws {
        #expect(try MockOptions.parse(["--latency", "400"]).faults.jitter == .milliseconds(100))
        #expect(throws: (any Error).self) { try MockOptions.parse(["--fail-kind", "sometimes"]) }
        #expect(throws: (any Error).self) { try MockOptions.parse(["--fail-rate", "2"]) }
    }
}
