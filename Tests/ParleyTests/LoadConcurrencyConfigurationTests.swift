import Testing
@testable import ParleyConfiguration

/// `load_concurrency`, the one key written before any table: read, range-checked, and
/// suggested when misspelt.
@Suite struct LoadConcurrencyConfigurationTests {
    @Test func theKeyBeforeAnyTableIsRead() throws {
        let configuration = try Configuration.parse("load_concurrency = 2\n\n[site]\nurl = \"https://example.com\"\n", path: "c.toml")
        #expect(configuration.loadConcurrency == 2)
        #expect(configuration.siteURL == "https://example.com")
    }

    @Test func withoutItThereIsNoValue() throws {
        #expect(try Configuration.parse("[site]\nurl = \"https://example.com\"\n", path: "c.toml").loadConcurrency == nil)
    }

    @Test(arguments: ["0", "17", "\"4\"", "2.5"])
    func aValueOutOfRangeIsAnErrorInWords(value: String) {
        #expect(throws: (any Error).self) { try Configuration.parse("load_concurrency = \(value)\n", path: "c.toml") }
        do {
            _ = try Configuration.parse("load_concurrency = \(value)\n", path: "c.toml")
        } catch {
            #expect("\(error)".contains("load_concurrency must be a whole number from 1 to 16"), "\(error)")
        }
    }

    @Test func aMisspeltKeyNamesIt() {
        do {
            _ = try Configuration.parse("load_concurency = 2\n", path: "c.toml")
            Issue.record("a misspelt key was accepted")
        } catch {
            #expect("\(error)".contains("load_concurrency"), "\(error)")
        }
    }
}
