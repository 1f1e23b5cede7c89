import Foundation
import BackgroundThread
import ArgumentParser
import Logging
import Flux
import CommentsKit
import MockREST
import TerminalUI
import ParleyConfiguration

/// `parley`: moderate WordPress comments from the terminal.
@main
struct Parley: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parley",
        abstract: "Moderate WordPress comments from the terminal.",
        discussion: """
            With no --site, parley runs on an embedded mock of the WordPress REST API \
            (three sites of seeded comments), so it works anywhere with no server.

            With --site, it moderates that site. The application password comes from the \
            environment variable PARLEY_APP_PASSWORD or the config file (never from the \
            command line, where other users could read it). Create one under Users → \
            Profile → Application Passwords in WordPress.

            Config file ($XDG_CONFIG_HOME/parley/config.toml, default ~/.config/parley):
              [site]
              url = "https://example.com"
              user = "alice"
              application_password = "abcd efgh ijkl mnop qrst uvwx"   # chmod 600

            Logs, drafts and filters go under $XDG_STATE_HOME/parley (default \
            ~/.local/state/parley); when it cannot be written, parley says so and keeps \
            them in memory until it quits. Keys: press ? inside parley.

            Each real site's comments are kept in a local replica under \
            $XDG_CACHE_HOME/parley (default ~/.cache/parley), so the next start shows them \
            at once while the site is checked; parley cache lists and forgets them.

            With [[sites]] entries in the config file, parley opens every one ([ and ] \
            switch); --site NAME opens one. For scripts: parley comment --help. Who did \
            what: parley log.
            """,
        version: ParleyVersion.description,
        subcommands: [CommentCommand.self, CacheCommand.self, LogCommand.self]
    )

    /// ArgumentParser's own `main`, except that a usage mistake exits with 2 (as scripts
    /// expect of a command line tool) rather than 64, after one line on stderr.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            FileHandle.standardError.write(Data("parley: \(oneLine(self.message(for: error)))\n".utf8))
            Foundation.exit(2)
        }
    }

    /// Seconds between two polls of each site: none with `--offline`, else `--poll-interval`,
    /// else `poll_interval` of the file, else the default.
    static func pollInterval(flag: Int?, file: Int?, offline: Bool) -> Int {
        offline ? 0 : flag ?? file ?? CommentsStore.defaultPollInterval
    }

    /// ArgumentParser's message on one line: a list of choices ("  - table") joined with commas.
    static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let first = lines.first else { return message }
        let rest = lines.dropFirst().map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : $0 }
        return rest.isEmpty ? first : first + " " + rest.joined(separator: ", ") + "."
    }

    @OptionGroup(title: "A real site")
    var siteOptions: SiteOptions

    @OptionGroup(title: "The embedded mock (when no --site is given)")
    var mockOptions: MockOptions

    @OptionGroup(title: "Record and replay")
    var replayOptions: ReplayOptions

    @Option(name: .long, help: ArgumentHelp("Pages requested at once while the rest of the site loads in the background (default \(CommentsStore.defaultLoadConcurrency); 1: one after another).", valueName: "n"))
    var loadConcurrency: Int?

    @Flag(name: .long, help: "Keep no local replica of the site (read none at start, write none); config: replica = false.")
    var noReplica = false

    @Option(name: .long, help: ArgumentHelp("Seconds between two polls of each site for new comments (default \(CommentsStore.defaultPollInterval); 0: none; --offline: none).", valueName: "seconds"))
    var pollInterval: Int?

    mutating func validate() throws {
        try siteOptions.validate()
        try mockOptions.validate()
        let range = Configuration.loadConcurrencyRange
        if let loadConcurrency, !range.contains(loadConcurrency) {
            throw ValidationError("--load-concurrency must be from \(range.lowerBound) to \(range.upperBound).")
        }
        if let pollInterval, !Configuration.pollIntervalRange.contains(pollInterval) {
            throw ValidationError("--poll-interval must be from 0 (no polling) to \(Configuration.pollIntervalRange.upperBound) seconds.")
        }
    }

    func run() throws {
        AllocatorTuning.returnLargeBlocksToTheSystem()
        // The load's decoding and the embedded mock's answers below the keys.
        BackgroundThread.runningInteractively()
        if let path = replayOptions.replay {
            MainActor.assumeIsolated { ReplayLaunch.start(path: path) }
            dispatchMain()
        }
        let environment = ProcessInfo.processInfo.environment
        let configPath = siteOptions.config.map { URL(fileURLWithPath: $0) } ?? Configuration.defaultPath(environment: environment)
        let file = try Configuration.load(from: configPath, explicit: siteOptions.config != nil)
        let selection = try SiteSelection.resolve(siteOptions, file, environment: environment)
        let storage = StateStorage.open(environment: environment)
        let logger = AppLogging.bootstrap(file: storage.log, environment: environment)
        if let problem = storage.problem {
            // Said here too, where it stays readable after parley quits.
            FileHandle.standardError.write(Data("parley: \(problem)\n".utf8))
            logger.warning("\(problem)")
        }
        var launch = Launch(selection: selection, mock: mockOptions, environment: environment, storage: storage, logger: logger,
                            loadConcurrency: loadConcurrency ?? file.loadConcurrency ?? CommentsStore.defaultLoadConcurrency,
                            replica: !noReplica && file.replica != false,
                            pollInterval: Self.pollInterval(flag: pollInterval, file: file.pollInterval, offline: mockOptions.offline),
                            sweepBudget: file.sweepBudget ?? CommentsStore.defaultSweepBudget,
                            appearance: file.appearance)
        launch.terminal = TerminalOptions(mouse: file.mouse ?? true, clipboard: file.clipboard == "osc52" ? .osc52 : .off, hyperlinks: file.hyperlinks)
        MainActor.assumeIsolated {
            launch.start()
        }
        dispatchMain()
    }
}
