import ArgumentParser

/// Options of the embedded mock server.
struct MockOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Delay every mock answer by this many milliseconds.", valueName: "ms"))
    var latency: Int = 0

    @Option(name: .long, help: ArgumentHelp("Share of mock requests that fail, from 0 to 1.", valueName: "rate"))
    var failRate: Double = 0

    @Option(name: .long, help: ArgumentHelp("Seed of the mock's data and faults: the same seed gives the same comments.", valueName: "n"))
    var seed: UInt64 = 1

    @Flag(name: .long, help: "Make every mock request fail as if the network were down.")
    var offline = false

    @Flag(name: .long, help: "Apply --fail-rate to writes only (replies, moderation, deletes); reads keep working.")
    var failWritesOnly = false

    @Option(name: .long, help: ArgumentHelp("Comments per mock site.", valueName: "n"))
    var mockSize: Int = 300

    func validate() throws {
        guard latency >= 0, latency <= 60_000 else { throw ValidationError("--latency must be between 0 and 60000 ms.") }
        guard failRate >= 0, failRate <= 1 else { throw ValidationError("--fail-rate must be between 0 and 1.") }
        guard mockSize >= 0, mockSize <= 2_000_000 else { throw ValidationError("--mock-size must be between 0 and 2000000.") }
    }
}
