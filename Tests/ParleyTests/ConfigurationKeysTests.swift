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
            try Configuration.parse("colour = true\n", path: "c.toml")
        } throws: { error in
            "\(error)" == "c.toml:1: unknown key colour (known: clipboard, hyperlinks, load_concurrency, mouse, site, sites)."
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
}
