import Testing
@testable import ParleyConfiguration

/// `mouse`, `clipboard` and `hyperlinks`: written before any table, type-checked, errors in words.
@Suite struct TerminalConfigurationTests {
    @Test func theKeysAreRead() throws {
        let configuration = try Configuration.parse("mouse = false\nclipboard = \"osc52\"\nhyperlinks = true\n", path: "c.toml")
        #expect(configuration.mouse == false)
        #expect(configuration.clipboard == "osc52")
        #expect(configuration.hyperlinks == true)
    }

    @Test func absentKeysHaveNoValue() throws {
        let configuration = try Configuration.parse("", path: "c.toml")
        #expect(configuration.mouse == nil && configuration.clipboard == nil && configuration.hyperlinks == nil)
    }

    @Test(arguments: ["mouse = \"no\"", "hyperlinks = 1", "clipboard = \"xclip\"", "clipboard = true"])
    func aWrongValueIsAnErrorInWords(line: String) {
        do {
            _ = try Configuration.parse(line + "\n", path: "c.toml")
            Issue.record("\(line) was accepted")
        } catch {
            let key = String(line.prefix { $0 != " " })
            #expect("\(error)".contains("c.toml: \(key) must be"))
        }
    }

    @Test func aMisspeltKeyIsSuggested() {
        do {
            _ = try Configuration.parse("mose = false\n", path: "c.toml")
            Issue.record("accepted")
        } catch {
            #expect("\(error)".contains("did you mean mouse?"))
        }
    }
}
