import Foundation
import Testing
import Flux
import FluxTesting
import MockREST
import CommentsKit
@testable import TerminalUI

/// The whole app without a terminal: the mock, the three stores, the key map. Keys go
/// in through the key map exactly as `TerminalApp` sends them; the screen comes out as
/// the canvas text a reader can check by eye.
@MainActor
final class UIHarness {
    let server: MockServer
    let dispatcher = Dispatcher()
    let comments: CommentsStore
    let filters: AnnotationFilterStore
    let visible: VisibleCommentsSelector
    let ui: UIStore
    let keyMap: KeyMap
    let now: Date
    let stateDirectory: URL
    /// The clock of the detail pane's settle delay: it moves only when a test says so.
    let settleClock = TestClock()
    private var receipts: [Receipt] = []
    /// Whether the harness holds the site's pings' query beside its comments', as
    /// TerminalApp does (issue 28). Off by default: the screens of the tests written
    /// before pings were listed start on the mock's comments, and the seed's newest rows
    /// are its pings.
    let listsPings: Bool

    /// `drafts` replaces the drafts directory under ``stateDirectory`` (say, one that
    /// cannot be written).
    init(width: Int = 80, height: Int = 24, commentsPerSite: Int = 40, sites: Int = 2, faults: MockFaults = MockFaults(),
         drafts: DraftStore? = nil, loadConcurrency: Int = 0, keyMap: KeyMap = .standard, theme: ThemeStyles = .standard,
         scanner: SearchScanner = .standard, cache: (any CommentsCache)? = nil, journal: (any WriteJournal)? = nil,
         seed: UInt64 = 3, pageSize: Int = 100, pollInterval: Duration = .zero, listsPings: Bool = false,
         spamModels: SiteSpamModels? = nil, filterStorage: (any FilterStorage)? = nil) throws {
        self.keyMap = keyMap
        self.listsPings = listsPings
        server = MockServer(MockConfiguration(seed: seed, siteCount: sites, commentsPerSite: commentsPerSite, faults: faults))
        now = MockConfiguration().referenceDate
        let fixedNow = now
        let clock: @Sendable () -> Date = { fixedNow }
        let configuration = server.sessionConfiguration()
        let connections = try server.sites.map {
            SiteConnection(id: $0.id, name: $0.name, client: try WordPressClient(restBase: $0.restBase, configuration: configuration, timeout: .safetyNet, retry: .none))
        }
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("parley-ui-\(UUID().uuidString)")
        // Polling sleeps on the settle clock too: nothing polls unless a test moves it.
        comments = CommentsStore(sites: connections, dispatcher: dispatcher, pageSize: pageSize, loadConcurrency: loadConcurrency,
                                 cache: cache, now: clock, pollInterval: pollInterval, clock: settleClock, journal: journal,
                                 spamModels: spamModels)
        filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher, persistence: filterStorage, now: clock, calendar: utc,
                                        scanner: scanner)
        visible = VisibleCommentsSelector(comments: comments, filters: filters, now: clock, calendar: utc)
        ui = UIStore(comments: comments, filters: filters, visible: visible,
                     drafts: drafts ?? DraftStore(directory: stateDirectory.appendingPathComponent("drafts")), dispatcher: dispatcher,
                     settleClock: settleClock, keyMap: keyMap, theme: theme)
        dispatcher.dispatch(UIAction.resize(width: width, height: height))
    }

    deinit {
        try? FileManager.default.removeItem(at: stateDirectory)
    }

    /// Shows the first site and waits for its comments, for who we are and for its counts.
    func start() async throws {
        let site = try #require(server.sites.first).id
        dispatcher.dispatch(UIAction.showSite(site))
        dispatcher.dispatch(CommentsAction.verifyCredentials(site: site))
        dispatcher.dispatch(CommentsAction.countStatuses(site: site))
        try await follow()
        _ = try await comments.state { $0.currentUsers[site] != nil }
        _ = try await comments.state { $0.counts[site].map { !$0.isAsking } ?? false }
        try await factsSettled()
    }

    /// Holds the queries of the shown site, its comments and, with ``listsPings``, its pings
    /// (as TerminalApp does), and waits until they loaded.
    func follow() async throws {
        let query = try #require(ui.currentQuery)
        let queries = listsPings ? ui.currentQueries : [query]
        receipts = queries.map { comments.query($0) }
        _ = try await comments.state { state in
            queries.allSatisfy { !state.fetch($0).isLoading && state.fetch($0).phase != .neverAsked }
        }
        // Post titles arrive after the comments; screens are compared once they are in.
        let posts = Set(comments.state.comments(of: query.site).allEntries.map(\.post))
        _ = try await comments.state { ($0.postTitles[query.site]?.count ?? 0) >= posts.count }
    }

    /// Presses keys, as the terminal would deliver them.
    func press(_ keys: Key...) {
        for key in keys {
            keyMap.press(key, context: { ui.state.keyContext }, dispatch: { dispatcher.dispatch($0) })
        }
    }

    /// The keys stop for a moment: what `TerminalApp`'s one-shot timer dispatches then, so
    /// the detail pane catches up with the cursor. Dispatched here, not waited for: the
    /// tests never sleep.
    func rest() {
        dispatcher.dispatch(UIAction.settleDetail)
    }

    /// `e`, then waits for the editor: it opens once the comment is read again on the site
    /// (issue 27), at once on an edit kept from before.
    func edit() async throws {
        press(.character("e"))
        _ = try await ui.state { state in
            if case .compose = state.mode { true } else { false }
        }
    }

    /// Types text, one key per character.
    func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    /// Waits until the moderator's facts are in: comments read again in the edit context,
    /// the histories of the addresses the detail pane shows.
    func factsSettled() async throws {
        _ = try await comments.state { !$0.isReadingFacts }
    }

    /// Waits until no write is in flight.
    func settled() async throws {
        // A bulk run reads its comments on the site before it writes them: no write is in
        // flight while it does.
        _ = try await comments.state { $0.writesInFlight == 0 && $0.bulk == nil }
    }

    /// Waits until every draft the interface kept is written to disk (an effect each).
    func draftsWritten() async throws {
        _ = try await ui.state { $0.drafts.writesInFlight.isEmpty }
    }

    /// The frame as drawn now.
    var frame: Frame { ScreenView.render(ScreenModel(store: ui, keyMap: keyMap, now: now)) }

    /// The screen as text.
    var screen: String { frame.canvas.text }

    /// The entry under the cursor.
    var selected: CommentEntry? { ui.selectedEntry }
}

/// Compares rendered text with `Tests/TerminalUITests/Snapshots/<name>.txt`.
///
/// A missing snapshot is written and the test fails once, so a new snapshot is always
/// read by a person before it is trusted; `PARLEY_RECORD_SNAPSHOTS=1` rewrites them all.
enum Snapshot {
    static func assert(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Snapshots").appendingPathComponent("\(name).txt")
        let record = ProcessInfo.processInfo.environment["PARLEY_RECORD_SNAPSHOTS"] == "1"
        guard !record, let expected = try? String(contentsOf: file, encoding: .utf8) else {
            try? (text + "\n").write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded snapshot \(name): read \(file.path) and run again", sourceLocation: sourceLocation)
            return
        }
        if expected != text + "\n" {
            Issue.record("""
                snapshot \(name) differs (PARLEY_RECORD_SNAPSHOTS=1 re-records)
                --- expected
                \(expected)--- actual
                \(text)
                """, sourceLocation: sourceLocation)
        }
    }
}
