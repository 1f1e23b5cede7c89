import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Logging
import Flux
import CommentsKit
import MockREST
import TerminalUI

/// A recorded session played back: the stores of the recorded session, rebuilt from its
/// header, with every recorded action dispatched in order and no effect run. `parley
/// --replay` draws it on the terminal (``ReplayLaunch``); the replay tests draw it on a
/// headless screen — the same path.
///
/// - Sites, clients: the recorded sites, each with a client on the embedded mock (seeded
///   as recorded), which no request reaches: effects are off.
/// - Time: every store and the screen read the replay's clock, at the recorded time of
///   the action being replayed, so dates ("now", "4d", "Today") read as they did.
/// - Saved filters: those the header recorded, in memory; the saves the session made land
///   there after each action, as they had landed on disk by the next key.
/// - Drafts: those the session started with, in a directory of the replay's own, deleted
///   by ``cleanUp()`` (the interface store reads and writes them synchronously; once
///   drafts are effects, their answers come from the recording and this goes).
/// - The external editor: one that never runs (its answer is in the recording).
/// - Links, the clipboard, job control and the spinner: the app's (``TerminalApp``), or the
///   doubles given; effects are off, so none is used — their answers (`linkNotice`, the
///   size after Ctrl-Z, `tick`) are in the recording.
/// - A recorded quit is not replayed: the replay ends on the screen the session quit from.
@MainActor
final class SessionReplay {
    /// The recording.
    let session: RecordedSession<SessionHeader>
    /// The replay's own dispatcher (effects off, behind the replay gate).
    let dispatcher = Dispatcher()
    /// Plays the actions and keeps the clock.
    let replayer: SessionReplayer
    /// The interface store, over the comments and filter stores.
    let store: UIStore
    /// The app, drawing on the screen it was given.
    let app: TerminalApp
    /// The embedded mock the clients point at, kept alive with them (no request reaches it).
    private let mock: MockServer
    private let draftsDirectory: URL

    /// Reads and checks the recording at `path`.
    static func load(_ path: String) throws(ReplayError) -> RecordedSession<SessionHeader> {
        let data = try read(path)
        let session: RecordedSession<SessionHeader>
        do {
            session = try RecordedSession(data, codecs: ParleyActionCodecs.all)
        } catch {
            throw .invalid(path: path, error)
        }
        if let problem = problem(with: session.header) { throw .badHeader(path: path, reason: problem) }
        return session
    }

    /// What in a header cannot be rebuilt, if anything.
    static func problem(with header: SessionHeader) -> String? {
        guard !header.sites.isEmpty else { return "the recording names no site" }
        guard (1...10_000).contains(header.terminal.width), (1...10_000).contains(header.terminal.height) else {
            return "the terminal size \(header.terminal.width)×\(header.terminal.height) is not one a terminal has"
        }
        if let mock = header.mock, !(0...2_000_000).contains(mock.size) { return "the mock size \(mock.size) is out of range" }
        for site in header.sites where URL(string: site.restBase)?.host == nil {
            return "the site address \"\(site.restBase)\" is not a URL"
        }
        for name in header.drafts.keys where !isDraftFileName(name) {
            return "the draft name \"\(name)\" is not one parley writes"
        }
        return nil
    }

    /// `<stem>-<parent>.txt`: letters, digits, `.`, `-` and `_`, no path — a name from a
    /// recording must not write outside the replay's drafts directory.
    static func isDraftFileName(_ name: String) -> Bool {
        name.hasSuffix(".txt") && !name.hasPrefix(".") && name.count <= 200
            && name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) }
    }

    /// Builds the recorded session's stores and app on `screen`, ready to ``play(onExit:)``.
    /// `opener`, `clipboardWriter` and `jobControl` replace what the app's `w`, `y` and Ctrl-Z
    /// act on (tests pass doubles, to see that a replay uses none).
    init(_ session: RecordedSession<SessionHeader>, screen: NcursesScreen, logger: Logger = SessionReplay.silentLogger,
         opener: any LinkOpening = LinkOpener(), clipboardWriter: ((String) -> Void)? = nil,
         jobControl: (any TerminalControlling)? = nil) throws {
        self.session = session
        let header = session.header
        replayer = SessionReplayer(session, dispatcher: dispatcher) { action in
            if case UIAction.quit? = action as? UIAction { return true }
            return false
        }
        let clock = replayer.clock
        let now: @Sendable () -> Date = { clock.now }
        var calendar = Calendar.current
        calendar.timeZone = TimeZone(identifier: header.timeZone) ?? calendar.timeZone
        var configuration = MockConfiguration()
        configuration.seed = header.mock?.seed ?? 1
        configuration.commentsPerSite = header.mock?.size ?? 0
        configuration.referenceDate = session.startedAt
        let mock = MockServer(configuration)
        self.mock = mock
        let sites = try header.sites.map { site in
            guard let url = URL(string: site.restBase) else {
                throw ReplayError.badHeader(path: "the recording", reason: "the site address \"\(site.restBase)\" is not a URL")
            }
            return SiteConnection(id: site.id, name: site.name, client: try WordPressClient(restBase: url, configuration: mock.sessionConfiguration()))
        }
        let savedFilters = MemoryFilterStorage()
        for (site, saved) in header.savedFilters { try? savedFilters.save(saved, site: site) }
        draftsDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-replay-drafts-\(UUID().uuidString)")
        let drafts = try Self.drafts(header, in: draftsDirectory)
        let comments = CommentsStore(sites: sites, dispatcher: dispatcher, loadConcurrency: header.loadConcurrency ?? 0, now: now)
        let filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher, persistence: savedFilters, now: now, calendar: calendar)
        let visible = VisibleCommentsSelector(comments: comments, filters: filters, now: now, calendar: calendar)
        var initial = UIState()
        initial.hint = header.initialHint
        store = UIStore(comments: comments, filters: filters, visible: visible, drafts: drafts,
                        editor: ReplayedEditor(), dispatcher: dispatcher, initialState: initial)
        app = TerminalApp(store: store, screen: screen, logger: logger, now: now, opener: opener, clipboardWriter: clipboardWriter,
                          jobControl: jobControl)
        // Live, a filter save is an effect that lands long before the next key; a site shown
        // again reads it back from storage, synchronously, with no action to replay.
        replayer.afterEachAction = { filters.flushSaves() }
    }

    /// Starts the app (what it dispatches by itself stops at the gate) and plays every
    /// recorded action. `onExit` is what the app calls to end the process.
    func play(onExit: @escaping (Int32) -> Void) {
        app.start(site: session.header.sites[0].id, watchTerminal: false, onExit: onExit)
        replayer.play()
    }

    /// The drafts the session started with, in a directory of the replay's own (in memory
    /// when the session kept them in memory).
    private static func drafts(_ header: SessionHeader, in directory: URL) throws -> DraftStore {
        guard header.draftsOnDisk else { return .memoryOnly(tried: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for (name, text) in header.drafts where isDraftFileName(name) {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return DraftStore(directory: directory)
    }

    /// A replay writes no log: swift-log's default handler would print on the screen.
    static let silentLogger = Logger(label: "parley.replay") { _ in SwiftLogNoOpLogHandler() }

    /// Deletes the drafts the replay wrote.
    func cleanUp() {
        try? FileManager.default.removeItem(at: draftsDirectory)
    }

    /// The file's bytes; the system's reason in words when it cannot be read.
    private static func read(_ path: String) throws(ReplayError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno)).lowercased()) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw .unreadable(path: path, reason: "it cannot be read as a file")
        }
    }
}

/// The external editor of a replay: there is one, as in the session recorded (without one,
/// `E` would say so instead of opening it), but it never runs — effects are off, and what
/// the user saved in it is the recorded `externalEditorFinished`.
private struct ReplayedEditor: ExternalEditing {
    func edit(_ text: String) async -> String? { nil }
}
