import Testing
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
        #expect(message("[\u{97}\u{90}]") == "c.toml:1: a table header needs a name right after [.")
        #expect(message("\u{FEFF}[\u{1}\0'sb]\n") == "c.toml:1: a table header needs a name right after [.")
    }

    @Test func aDateWhoseTimeIsNotDigitsIsAnError() {
        #expect(message("out = 1979-05-27T\u{10}7:32:00Z\n") == "c.toml:1: a date and time needs digits right after its T.")
        #expect(message("[site]\ntimeout = 1979-05-27Tx\n") == "c.toml:2: a date and time needs digits right after its T.")
    }

    @Test func aClosingBraceWhereAnArrayExpectsAValueIsAnError() {
        #expect(message("sa = [1, [1,}}}} [3, [4]]]]\n") == "c.toml:1: a } where a value should be.")
        #expect(message("a = [\n  # note\n  }\n") == "c.toml:3: a } where a value should be.")
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
        #expect(message("[site]\ntimeout = 1979-05-27T07:32:00Z\n") == "c.toml: site.timeout must be a number of seconds.")
    }
}
