import Testing
import Foundation
@testable import ParleyConfiguration

/// What the `config` fuzz target found: text on which TOMLKit's parser (toml++) fails its own
/// assertions — parley aborted ("Assertion … failed") instead of naming the problem.
@Suite struct ConfigurationFuzzFindingsTests {
    private func message(_ text: String) -> String? {
        do {
            _ = try Configuration.parse(text, path: "c.toml")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aTableHeaderCutByANewlineIsAnErrorNotAnAbort() {
        #expect(message("[\nur\n") == "c.toml:1: a table header needs a name right after [.")
    }

    @Test func aTableHeaderStartingWithAnythingButAKeyIsAnError() {
        #expect(message("[site]\nurl = \"x\"\n[(site]\n") == "c.toml:3: a table header needs a name right after [.")
        #expect(message("  [[ =x]]\n") == "c.toml:1: a table header needs a name right after [.")
        #expect(message("\u{FEFF}[\u{1}\0'sb]\n") == "c.toml:1: a table header needs a name right after [.")
    }

    @Test func datesAreRejectedBeforeTheParserSeesThem() {
        #expect(message("out = 1979-05-27T\u{10}7:32:00Z\n") == "c.toml:1: parley's settings take no dates.")
        #expect(message("[site]\ntimeout = 1979-05-27Tx\n") == "c.toml:2: parley's settings take no dates.")
        #expect(message("[site]\ntimeout= 0790-05-27 1  \0  [[") == "c.toml:2: parley's settings take no dates.")
    }

    @Test func arraysAreRejectedBeforeTheParserSeesThem() {
        #expect(message("sa = [1, [1,}}}} [3, [4]]]]\n") == "c.toml:1: parley's settings take no arrays.")
    }

    @Test func charactersThatCannotStandOutsideAStringAreNamed() {
        #expect(message("[site]\nurl\u{0} = \"x\"\n") == "c.toml:2: U+0000 cannot stand outside a string.")
        #expect(message("[site]\ntimeout = 07:32\n") == "c.toml:2: ':' cannot stand outside a string.")
        #expect(message("[site]\nurl = \u{9B}2J\n") == "c.toml:2: U+009B cannot stand outside a string.")
    }

    @Test func theSameCharactersInsideStringsAndCommentsAreText() throws {
        let text = """
            # [ a comment, 1979-05-27Tx, [1, }
            [ site ]
            url = "https://example.com/[\\"2024-05-27Tx"
            user = '[ 1979-05-27T, }'
            application_password = \"\"\"
            [
            2024-01-01Tz\"\"\"
            """
        let configuration = try Configuration.parse(text, path: "c.toml")
        #expect(configuration.siteURL == "https://example.com/[\"2024-05-27Tx")
        #expect(configuration.user == "[ 1979-05-27T, }")
        #expect(configuration.applicationPassword == "[\n2024-01-01Tz")
    }

    @Test func headersAndDatesTheParserHandlesStillReachIt() {
        #expect(message("[]\n")?.hasPrefix("c.toml:1:") == true)
        #expect(message("[site]\ntimeout = true\n") == "c.toml: site.timeout must be a number of seconds.")
        #expect(message("site = { url = \"https://e.com\", timeout = +1_000.5e-3 }\n") == nil)
    }

    @Test func theExampleConfigurationStillParses() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/config.example.toml")
        let text = try String(contentsOf: example, encoding: .utf8)
        #expect(try Configuration.parse(text, path: "c.toml").siteURL == "https://example.com")
    }
}
