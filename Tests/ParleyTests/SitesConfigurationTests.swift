import Testing
import Foundation
@testable import parley
@testable import ParleyConfiguration

/// `[[sites]]`: any number of sites; a wrong entry is named and left out, the others open.
@Suite struct SitesConfigurationTests {
    let threeSitesOneBroken = """
        [[sites]]
        name = "blog"
        url = "https://blog.example"
        user = "alice"
        password_command = "printf 'from command'"

        [[sites]]
        name = "shop"
        url = "https://shop.example/wp-json"

        [[sites]]
        name = "broken"
        url = "https://broken.example"
        pasword = "x"
        """

    @Test func aBrokenEntryIsNamedWithItsKeyAndTheOthersStay() throws {
        let configuration = try Configuration.parse(threeSitesOneBroken, path: "c.toml")
        #expect(configuration.sites.map(\.name) == ["blog", "shop"])
        #expect(configuration.sites[0].passwordCommand == "printf 'from command'")
        #expect(configuration.brokenSites == [BrokenSiteEntry(
            name: "broken", problem: "c.toml:14: unknown key sites.pasword in site broken (known: application_password, name, password_command, timeout, url, user).")])
    }

    @Test func anEntryWithoutAURLOrWithTwoPasswordsIsBroken() throws {
        let text = """
            [[sites]]
            name = "nowhere"
            user = "a"

            [[sites]]
            name = "both"
            url = "https://both.example"
            application_password = "x"
            password_command = "pass show x"
            """
        let configuration = try Configuration.parse(text, path: "c.toml")
        #expect(configuration.sites.isEmpty)
        #expect(configuration.brokenSites.map(\.name) == ["nowhere", "both"])
        #expect(configuration.brokenSites[0].problem == "c.toml: site nowhere has no sites.url.")
        #expect(configuration.brokenSites[1].problem.contains("both sites.application_password and sites.password_command"))
    }

    @Test func sitesMustBeAnArrayOfTables() {
        #expect {
            try Configuration.parse("[sites]\nurl = \"https://example.com\"\n", path: "c.toml")
        } throws: { error in
            "\(error)" == "c.toml: sites must be written [[sites]], one table per site."
        }
    }

    @Test func everySiteOpensWhenNoSiteIsNamed() throws {
        let file = try Configuration.parse(threeSitesOneBroken, path: "c.toml")
        let selection = try SiteSelection.resolve(SiteOptions.parse([]), file, environment: ["PATH": "/usr/bin:/bin"])
        guard case .sites(let sites, let broken) = selection else { Issue.record("expected sites"); return }
        #expect(sites.map(\.name) == ["blog", "shop"])
        #expect(sites[0].applicationPassword == "from command")
        #expect(sites[0].user == "alice")
        #expect(sites[1].user == nil)
        #expect(broken.map(\.name) == ["broken"])
    }

    @Test func siteByNameOrAddressOpensOnlyThatOne() throws {
        let file = try Configuration.parse(threeSitesOneBroken, path: "c.toml")
        let byName = try SiteSelection.resolve(SiteOptions.parse(["--site", "shop"]), file, environment: [:])
        #expect(byName == .sites([SiteSettings(url: try SiteSettings.parseURL("https://shop.example/wp-json"), user: nil,
                                                applicationPassword: nil, timeout: 15, name: "shop")], broken: []))
        let byAddress = try SiteSelection.resolve(SiteOptions.parse(["--site", "https://shop.example/wp-json/"]), file, environment: [:])
        #expect(byAddress == byName)
        #expect {
            try SiteSelection.resolve(SiteOptions.parse(["--site", "broken"]), file, environment: [:])
        } throws: { error in
            "\(error)".contains("unknown key sites.pasword in site broken")
        }
    }

    @Test func aSiteNameThatIsNotConfiguredIsAnErrorNotAnAddress() throws {
        let file = try Configuration.parse(threeSitesOneBroken, path: "c.toml")
        #expect {
            try SiteSelection.resolve(SiteOptions.parse(["--site", "blgo"]), file, environment: [:])
        } throws: { error in
            "\(error)" == "No site is named blgo in the config file (sites: blog, shop, broken)."
        }
        // Anything with a dot, a colon or a slash is an address; so is localhost.
        #expect(try SiteSelection.resolve(SiteOptions.parse(["--site", "blog.example"]), file, environment: [:]) != .mock)
        #expect(try SiteSelection.resolve(SiteOptions.parse(["--site", "localhost"]), file, environment: [:]) != .mock)
    }

    @Test func theSitesOwnVariableWinsThenTheGeneralOneThenTheCommand() throws {
        let file = try Configuration.parse(threeSitesOneBroken, path: "c.toml")
        let options = try SiteOptions.parse(["--site", "blog"])
        func password(_ environment: [String: String]) throws -> String? {
            guard case .sites(let sites, _) = try SiteSelection.resolve(options, file, environment: environment) else { return nil }
            return sites.first?.applicationPassword
        }
        #expect(SiteSettings.passwordVariable(for: "my-blog.2") == "PARLEY_APP_PASSWORD_MY_BLOG_2")
        #expect(try password(["PARLEY_APP_PASSWORD_BLOG": "own", "PARLEY_APP_PASSWORD": "general", "PATH": "/usr/bin"]) == "own")
        #expect(try password(["PARLEY_APP_PASSWORD": "general", "PATH": "/usr/bin"]) == "general")
        #expect(try password(["PATH": "/usr/bin:/bin"]) == "from command")
    }

    @Test func aFailingPasswordCommandLeavesOnlyItsSiteOut() throws {
        let text = """
            [[sites]]
            name = "locked"
            url = "https://locked.example"
            user = "alice"
            password_command = "sh -c 'echo locked >&2; exit 1'"

            [[sites]]
            name = "open"
            url = "https://open.example"
            """
        let file = try Configuration.parse(text, path: "c.toml")
        guard case .sites(let sites, let broken) = try SiteSelection.resolve(SiteOptions.parse([]), file, environment: ["PATH": "/usr/bin:/bin"]) else {
            Issue.record("expected sites"); return
        }
        #expect(sites.map(\.name) == ["open"])
        #expect(broken == [BrokenSiteEntry(name: "locked", problem: "Site locked: sites.password_command sh failed (exit status 1): locked")])
    }

    @Test func passwordsInAFileOthersCanReadLeaveOutOnlyTheirSites() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-sites-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.toml")
        let text = "[[sites]]\nname = \"a\"\nurl = \"https://a.example\"\napplication_password = \"x\"\n\n[[sites]]\nname = \"b\"\nurl = \"https://b.example\"\n"
        try Data(text.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        let configuration = try Configuration.load(from: file, explicit: true)
        #expect(configuration.sites.map(\.name) == ["b"])
        #expect(configuration.brokenSites.map(\.name) == ["a"])
        #expect(configuration.brokenSites.first?.problem.contains("chmod 600") == true)
    }

    @Test func theSingleSiteFormStillWorksBesideTheOthers() throws {
        let text = "[site]\nurl = \"https://old.example\"\n\n[[sites]]\nname = \"new\"\nurl = \"https://new.example\"\n"
        let file = try Configuration.parse(text, path: "c.toml")
        guard case .sites(let sites, let broken) = try SiteSelection.resolve(SiteOptions.parse([]), file, environment: [:]) else {
            Issue.record("expected sites"); return
        }
        #expect(sites.map(\.url.absoluteString) == ["https://old.example", "https://new.example"])
        #expect(broken.isEmpty)
        #expect(try SiteSelection.resolve(SiteOptions.parse([]), Configuration(), environment: [:]) == .mock)
    }
}
