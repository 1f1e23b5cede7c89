import Foundation
import Logging
import Flux
import CommentsKit
import MockREST
import TerminalUI
import ParleyConfiguration
import CommentsReplica

/// Builds the sites, the stores and the app from the options, and starts them.
struct Launch: Sendable {
    let selection: SiteSelection
    let mock: MockOptions
    let environment: [String: String]
    let storage: StateStorage
    let logger: Logger
    /// Page requests in flight while a site loads in the background.
    let loadConcurrency: Int
    /// Whether real sites are kept in a local replica (``ReplicaCache``). The embedded
    /// mock never is: its comments are made anew, with new dates, at every start.
    let replica: Bool
    /// Seconds between two polls of each site for new comments; 0: none.
    let pollInterval: Int
    /// Requests a minute per site for the background refresh of what others change
    /// (config.toml's `sweep_budget`); 0: none.
    var sweepBudget = CommentsStore.defaultSweepBudget
    /// config.toml's `[keys]`, `theme` and `[colors]`.
    var appearance = AppearanceSettings()
    /// How parley uses the terminal: mouse, clipboard, hyperlinks (config.toml).
    var terminal = TerminalOptions()

    /// Keeps the running app alive for the life of the process.
    @MainActor private static var running: TerminalApp?
    /// Keeps the embedded mock alive: its host stops answering when it is released.
    @MainActor private static var mockServer: MockServer?

    @MainActor
    func start() {
        switch selection {
        case .mock:
            open(mockSites())
        case .sites(let sites, let broken):
            if mock.offline, !replica {
                fail("--offline shows a site's local replica, and replica = false (or --no-replica) keeps none: there is nothing to show.")
            }
            if let problem = terminalProblem { fail(problem.description) }
            print(sites.count == 1 ? "Connecting to \(sites[0].url.absoluteString)…" : "Connecting to \(sites.count) sites…")
            // The one task parley starts outside an effect runner: the way from
            // ArgumentParser's synchronous `run()` into connecting, which comes before any
            // store (a store is made on the connections) and so before any action, effect
            // or recording; a replay never comes here (ReplayLaunch).
            Task { @MainActor in
                var known = self.replica ? KnownSites(directory: ReplicaDirectory.url(environment: self.environment)) : nil
                // --offline: no request leaves the machine; a site opens only if it is known.
                let outcome = await SiteConnector.connect(sites, broken: broken, known: &known,
                                                          configuration: self.mock.offline ? OfflineURLProtocol.configuration : .default,
                                                          offline: self.mock.offline)
                for connection in outcome.connections { self.logger.info("site \(connection.id) (\(connection.name))") }
                guard !outcome.connections.isEmpty else {
                    // One site given and not reached: its reason alone, as before there were several.
                    let only = outcome.failures.count == 1 && sites.count == 1 ? outcome.failures.first?.reason : nil
                    self.fail(only ?? outcome.failures.map(\.sentence).joined(separator: " "))
                }
                for failure in outcome.failures {
                    // Said here too, where it stays readable after parley quits.
                    FileHandle.standardError.write(Data("parley: \(failure.sentence)\n".utf8))
                    self.logger.warning("\(failure.sentence)")
                }
                self.open(outcome.connections, problem: outcome.summary)
            }
        }
    }

    /// Why this terminal cannot run parley, if it cannot: a standard stream that is not a
    /// terminal, or a TERM that cannot draw — each reported as what it is. Checked before
    /// connecting, so a wrong terminal is reported at once rather than after the network.
    private var terminalProblem: TerminalError? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return .notATerminal }
        let term = environment["TERM"] ?? ""
        return term.isEmpty || term == "dumb" ? .dumbTerminal : nil
    }

    @MainActor
    private func mockSites() -> [SiteConnection] {
        var configuration = MockConfiguration()
        configuration.seed = mock.seed
        configuration.commentsPerSite = mock.mockSize
        configuration.faults = mock.faults
        configuration.batchComments = mock.batchComments
        // Seed dates spread back from now, so "Today" and "4d" mean what they say.
        configuration.referenceDate = Date()
        let server = MockServer(configuration)
        Self.mockServer = server
        // Runs for the life of the process, like the server it feeds.
        if let interval = mock.newCommentInterval { _ = server.addVisitorComments(every: interval) }
        _ = mock.outsideChangeOptions.start(on: server, seed: mock.seed)
        logger.info("mock: \(server.sites.count) sites × \(mock.mockSize) comments, seed \(mock.seed)")
        return server.sites.compactMap { site in
            // The mock host never leaves the process, so no credentials are needed.
            guard let client = try? WordPressClient(restBase: site.restBase, configuration: server.sessionConfiguration()) else { return nil }
            return SiteConnection(id: site.id, name: site.name, client: client)
        }
    }

    @MainActor
    private func open(_ sites: [SiteConnection], problem: String? = nil) {
        guard let first = sites.first else { fail("parley has no site to show.") }
        TerminalRestorer.installHandlers()
        let screen: NcursesScreen
        do {
            screen = try NcursesScreen.open(overrideNoColor: appearance.choosesColors)
        } catch {
            fail(Self.sentence(error))
        }
        let looks = Appearance(appearance, environment: environment)
        for problem in looks.problems {
            // Said here too, where it stays readable after parley quits.
            FileHandle.standardError.write(Data("parley: \(problem)\n".utf8))
            logger.warning("\(problem)")
        }
        let dispatcher = Dispatcher.shared
        let log = logger
        if logger.logLevel <= .debug {
            dispatcher.add(LoggerMiddleware { line in log.debug("\(line)") })
        }
        let isMock = if case .mock = selection { true } else { false }
        let users = Dictionary(sites.map { ($0.id, $0.client.userName ?? "") }, uniquingKeysWith: { first, _ in first })
        let cache = replica && !isMock ? ReplicaCache(directory: ReplicaDirectory.url(environment: environment), users: users) : nil
        // Every write is logged for `parley log` and the detail pane (issue 27).
        let journal = WriteLogFile.standard(environment: environment) { problem in log.warning("\(problem)") }
        // Each site's spam score (issue 30), learned and scored on a thread below the keys.
        let comments = CommentsStore(sites: sites, dispatcher: dispatcher, loadConcurrency: loadConcurrency, cache: cache,
                                     pollInterval: .seconds(pollInterval), journal: journal, sweepBudget: sweepBudget,
                                     spamModels: SiteSpamModels.belowKeys())
        // A large site kept in the replica is searched through its index (issue 14).
        let filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher, persistence: storage.filters,
                                            scanner: SearchScanner.standard.searching(in: cache))
        let visible = VisibleCommentsSelector(comments: comments, filters: filters)
        var initial = UIState()
        let hints = [problem, storage.problem].compactMap { $0 } + looks.problems
        initial.hint = hints.isEmpty ? nil : hints.joined(separator: " ")
        if let problem = SessionRecording.start(environment: environment, dispatcher: dispatcher, header: SessionRecording.header(
            sites: sites, mock: isMock ? mock : nil, terminal: screen.size, filters: storage.filters, drafts: storage.drafts, hint: initial.hint,
            loadConcurrency: loadConcurrency)) {
            logger.warning("\(problem)")
            initial.hint = initial.hint ?? problem
        }
        let ui = UIStore(comments: comments, filters: filters, visible: visible, drafts: storage.drafts,
                         editor: TerminalExternalEditor(screen: screen, logger: logger), dispatcher: dispatcher, initialState: initial,
                         keyMap: looks.keyMap, theme: looks.theme)
        let app = TerminalApp(store: ui, screen: screen, keyMap: looks.keyMap, logger: logger,
                              timeZone: RelativeDate.userTimeZone(environment: environment), options: terminal)
        Self.running = app
        // With a replica, each site's load waits until its copy is read; --offline on real
        // sites: nothing is asked of them, writes wait in the outbox.
        app.start(site: first.id, readsReplicas: cache != nil, worksOffline: mock.offline && cache != nil, readsJournal: true)
    }

    /// A start-up error in words (``ErrorSentence``, and the terminal's own errors).
    static func sentence(_ error: any Error) -> String {
        if let error = error as? TerminalError { return error.description }
        return ErrorSentence.of(error)
    }

    private func fail(_ message: String) -> Never {
        logger.error("\(message)")
        let line = message.hasPrefix("parley ") ? message : "parley: \(message)"
        FileHandle.standardError.write(Data((line + "\n").utf8))
        exit(1)
    }
}
