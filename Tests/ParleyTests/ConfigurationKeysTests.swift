import Testing
import Foundation
@testable import parley
@testable import ParleyConfiguration

/// A key parley does not know is an error naming it, its line and the key meant.
@Suite struct ConfigurationKeysTests {
    @Test func aMisspeltKeyIsAnErrorNamingTheKeyTheLineAndTheClosestKnownKey() {
        let text = """
            [site]
            url = "https://example.com"
            user = "alice"
            application_pasword = "abcd efgh"
            """
        #expect {
            try Configuration.parse(text, path: "/home/alice/.config/parley/config.toml")
        } throws: { error in
            "\(error)" == "/home/alice/.config/parley/config.toml:4: unknown key site.application_pasword; did you mean application_password?"
        }
    }

    @Test func anUnknownTableIsAnErrorToo() {
        #expect {
            try Configuration.parse("# mine\n[stie]\nurl = \"https://example.com\"\n", path: "c.toml")
        } throws: { error in
            "\(error)" == "c.toml:2: unknown table [stie]; did you mean site?"
        }
        #expect {
            try Configuration.parse("verbose = true\n", path: "c.toml")
        } throws: { error in
            "\(error)" == "c.toml:1: unknown key verbose (known: clipboard, colors, hyperlinks, keys, load_concurrency, mouse, poll_interval, replica, site, sites, sweep_budget, theme)."
        }
    }

    @Test func aKeyFarFromEveryKnownOneListsTheKnownOnes() {
        #expect {
            try Configuration.parse("[site]\nproxy = \"socks://x\"\n", path: "c.toml")
        } throws: { error in
            "\(error)" == "c.toml:2: unknown key site.proxy (known: application_password, timeout, url, user)."
        }
    }

    @Test func editDistanceCountsSingleCharacterEdits() {
        #expect(Configuration.editDistance("application_pasword", "application_password") == 1)
        #expect(Configuration.editDistance("", "url") == 3)
        #expect(Configuration.editDistance("usr", "user") == 1)
        #expect(Configuration.editDistance("timeout", "timeout") == 0)
    }

    /// Issue 14: `replica = false` keeps no local replica; anything but a boolean is an error.
    @Test func replicaIsOnOffAndNothingElse() throws {
        #expect(try Configuration.parse("replica = false\n", path: "c.toml").replica == false)
        #expect(try Configuration.parse("", path: "c.toml").replica == nil)
        #expect {
            try Configuration.parse("replica = \"no\"\n", path: "c.toml")
        } throws: { error in
            "\(error)" == "c.toml: replica must be true or false."
        }
    }
}
