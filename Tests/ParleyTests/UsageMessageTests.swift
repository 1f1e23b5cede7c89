import Testing
@testable import parley

/// A usage mistake is one line on stderr, even when ArgumentParser lists the choices.
@Suite struct UsageMessageTests {
    @Test func aListOfChoicesBecomesOneLine() {
        let message = "The value 'nope' is invalid for '--format <format>'. Please provide one of the following:\n  - table\n  - json\n"
        #expect(Parley.oneLine(message) == "The value 'nope' is invalid for '--format <format>'. Please provide one of the following: table, json.")
        #expect(Parley.oneLine("Missing expected argument '<id>'") == "Missing expected argument '<id>'")
    }

    @Test func subcommandsParseAndTheRootStillTakesTheTUIsOptions() throws {
        #expect(try Parley.parseAsRoot(["comment", "list", "--status", "spam"]) is ListCommand)
        #expect(try Parley.parseAsRoot(["comment", "delete", "--force", "-"]) is DeleteCommand)
        #expect(try Parley.parseAsRoot(["--site", "blog", "--mock-size", "5"]) is Parley)
    }
}

/// `--status` takes wp-cli's spelling too.
@Suite struct StatusFilterArgumentTests {
    @Test func approveIsApprovedAsWpCliSpellsIt() throws {
        // Seen in a review: `parley comment list --status approve` was refused.
        #expect(StatusFilter(argument: "approve") == .approved)
        #expect(StatusFilter(argument: "approved") == .approved)
        #expect(StatusFilter(argument: "hold") == .hold)
        #expect(StatusFilter(argument: "nope") == nil)
        let list = try ListCommand.parse(["--status", "approve"])
        #expect(list.status == .approved)
    }
}
