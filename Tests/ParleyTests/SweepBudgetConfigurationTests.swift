import Testing
import CommentsKit
@testable import ParleyConfiguration

/// How many requests a minute the background refresh of what others change may make on
/// each site: `sweep_budget` before any table (issue 27), the default when absent.
@Suite struct SweepBudgetConfigurationTests {
    @Test func theKeyBeforeAnyTableIsRead() throws {
        let configuration = try Configuration.parse("sweep_budget = 120\n\n[site]\nurl = \"https://example.com\"\n", path: "c.toml")
        #expect(configuration.sweepBudget == 120)
        #expect(try Configuration.parse("sweep_budget = 0\n", path: "c.toml").sweepBudget == 0)
        #expect(try Configuration.parse("[site]\nurl = \"https://example.com\"\n", path: "c.toml").sweepBudget == nil)
        #expect(CommentsStore.defaultSweepBudget == 30)
    }

    @Test(arguments: ["-1", "601", "\"30\"", "2.5", "true"])
    func aValueOutOfRangeIsAnErrorInWords(value: String) {
        do {
            _ = try Configuration.parse("sweep_budget = \(value)\n", path: "c.toml")
            Issue.record("sweep_budget = \(value) was accepted")
        } catch {
            #expect("\(error)".contains("sweep_budget must be a whole number of requests a minute from 0 (no background refresh) to 600"), "\(error)")
        }
    }
}
