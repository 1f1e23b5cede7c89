import ArgumentParser
import MockREST
import MockFaultOptions

/// Options of the embedded mock server: its faults (shared with `parley-mock-server`), and
/// what only the embedded mock has.
struct MockOptions: ParsableArguments {
    @OptionGroup var faultOptions: MockFaultOptions

    @OptionGroup var outsideChangeOptions: MockOutsideChangeOptions

    @Flag(name: .long, help: "Work without the network: on the mock, every request fails as if it were down; on a real site, nothing is sent, the list is its replica and writes wait in the outbox. No site is polled.")
    var offline = false

    @Option(name: .long, help: ArgumentHelp("Seed of the mock's data and faults: the same seed gives the same comments.", valueName: "n"))
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("Comments per mock site.", valueName: "n"))
    var mockSize: Int = 300

    @Option(name: .long, help: ArgumentHelp("Add a visitor's comment to every mock site every n seconds, while parley runs (to watch live updates).", valueName: "seconds"))
    var newEvery: Double?
    @Flag(name: .long, help: "Let the mock's comment routes be batched through /batch/v1 (WordPress 6.1's do not).")
    var batchComments = false

    func validate() throws {
        try faultOptions.validate()
        try outsideChangeOptions.validate()
        guard mockSize >= 0, mockSize <= 2_000_000 else { throw ValidationError("--mock-size must be between 0 and 2000000.") }
        if let newEvery, !(newEvery > 0 && newEvery <= 86_400) { throw ValidationError("--new-every must be more than 0 and at most 86400 seconds.") }
    }

    /// How often `--new-every` adds comments, nil when it was not given.
    var newCommentInterval: Duration? {
        newEvery.map { .milliseconds(Int64(($0 * 1000).rounded())) }
    }

    /// The faults these options ask for.
    var faults: MockFaults {
        var faults = faultOptions.faults(seed: seed)
        faults.offline = offline
        return faults
    }
}
