import Testing
import CommentsKit
@testable import ParleyConfiguration
@testable import parley

/// How often each site is polled for new comments: `poll_interval` before any table,
/// `--poll-interval`, `--offline`; and the mock's `--new-every`.
@Suite struct PollIntervalConfigurationTests {
    @Test func theKeyBeforeAnyTableIsRead() throws {
        let configuration = try Configuration.parse("poll_interval = 15\n\n[site]\nurl = \"https://example.com\"\n", path: "c.toml")
        #expect(configuration.pollInterval == 15)
        #expect(try Configuration.parse("poll_interval = 0\n", path: "c.toml").pollInterval == 0)
        #expect(try Configuration.parse("[site]\nurl = \"https://example.com\"\n", path: "c.toml").pollInterval == nil)
    }

    @Test(arguments: ["-1", "86401", "\"60\"", "1.5"])
    func aValueOutOfRangeIsAnErrorInWords(value: String) {
        do {
            _ = try Configuration.parse("poll_interval = \(value)\n", path: "c.toml")
            Issue.record("poll_interval = \(value) was accepted")
        } catch {
            #expect("\(error)".contains("poll_interval must be a whole number of seconds from 0 (no polling) to 86400"), "\(error)")
        }
    }

    @Test func offlineTurnsPollingOffThenTheFlagThenTheFileThenTheDefault() {
        #expect(Parley.pollInterval(flag: 5, file: 30, offline: true) == 0)
        #expect(Parley.pollInterval(flag: 5, file: 30, offline: false) == 5)
        #expect(Parley.pollInterval(flag: nil, file: 30, offline: false) == 30)
        #expect(Parley.pollInterval(flag: nil, file: nil, offline: false) == CommentsStore.defaultPollInterval)
        #expect(CommentsStore.defaultPollInterval == 60)
    }

    @Test func theFlagsAreCheckedOnTheCommandLine() throws {
        let parsed = try #require(try Parley.parseAsRoot(["--poll-interval", "2", "--new-every", "1.5"]) as? Parley)
        #expect(parsed.pollInterval == 2)
        #expect(parsed.mockOptions.newCommentInterval == .milliseconds(1500))
        #expect(throws: (any Error).self) { try Parley.parseAsRoot(["--poll-interval", "-1"]) }
        #expect(throws: (any Error).self) { try Parley.parseAsRoot(["--new-every", "0"]) }
    }
}
