import ArgumentParser

/// The options every write command takes.
struct WriteOptions: ParsableArguments {
    @Flag(help: "Print what would be done, and do nothing.")
    var dryRun = false

    @Flag(help: "Go ahead with more than 20 destructive changes without asking (required when stdin is not a terminal).")
    var yes = false

    @Option(help: ArgumentHelp("How many requests at once (1 to 16).", valueName: "n"))
    var concurrency: Int = 4

    func validate() throws {
        guard (1...16).contains(concurrency) else { throw ValidationError("--concurrency must be between 1 and 16.") }
    }
}
