import Testing
import Foundation
@testable import parley
import Flux
import FluxTesting
import CommentsKit
import MockREST
import TerminalUI

/// Issue 26: a session recorded live that searched, opened a link (`w`), copied it (`y`) and
/// suspended (Ctrl-Z) replays through the path `parley --replay` takes with no side effect:
/// the browser, the clipboard and job control are not touched, and the notices they gave
/// live come from the recording.
@MainActor
@Suite(.serialized) struct ReplayWithoutSideEffectsTests {
    final class Opener: LinkOpening, @unchecked Sendable {
        var opened: [String] = []
        func open(_ url: String) -> Result<String, LinkOpeningProblem> {
            opened.append(url)
            return .success("testbrowser")
        }
    }

    final class Clipboard {
        var written: [String] = []
    }

    final class JobControl: TerminalControlling {
        var suspended = 0
        func suspendJob() -> (width: Int, height: Int) {
            suspended += 1
            return (100, 30)
        }
    }

    final class Lines {
        var data = Data()
    }

    @Test func aSessionThatSearchedOpenedCopiedAndSuspendedReplaysWithNoSideEffect() async throws {
        let (recording, live) = try await recordLiveSession()
        #expect(live.opener.opened.count == 1, "live, w opened the link")
        #expect(live.clipboard.written.count == 1, "live, y wrote it to the clipboard")
        #expect(live.control.suspended == 1, "live, Ctrl-Z stopped the job")

        let session = try RecordedSession<SessionHeader>(recording, codecs: ParleyActionCodecs.all)
        let recorded = session.actions.compactMap { $0.action as? UIAction }
        for action in [UIAction.openLink, .copyLink, .suspend] { #expect(recorded.contains(action)) }
        #expect(session.actions.contains { $0.action as? FilterAction == .setSearch("the") })

        let screen = try NcursesScreen.headless(width: 100, height: 30)
        defer { screen.close() }
        let opener = Opener(), clipboard = Clipboard(), control = JobControl()
        let replay = try SessionReplay(session, screen: screen, opener: opener, clipboardWriter: { clipboard.written.append($0) },
                                       jobControl: control)
        defer { replay.cleanUp() }
        replay.play { _ in }
        #expect(replay.replayer.isFinished)
        #expect(opener.opened.isEmpty, "no browser started")
        #expect(clipboard.written.isEmpty, "nothing written to the clipboard")
        #expect(control.suspended == 0, "the job was not stopped")
        #expect(replay.store.state.hint == live.hint, "the notice came from the recording")
        #expect(replay.store.state.cursor == live.cursor)
        #expect(replay.store.effectsInFlight == 0 && replay.store.comments.effectsInFlight == 0, "no effect started")
    }

    /// What the live session left with its doubles.
    struct Live {
        let opener: Opener
        let clipboard: Clipboard
        let control: JobControl
        let hint: String?
        let cursor: Int?
    }

    /// A live session on the embedded mock, recorded as `PARLEY_RECORD` records: the app on
    /// a headless screen, keys fed as the terminal would, its effects run against doubles.
    private func recordLiveSession() async throws -> (Data, Live) {
        let startedAt = Date()
        let server = MockServer(MockConfiguration(seed: 7, siteCount: 1, commentsPerSite: 40, referenceDate: startedAt))
        let sites = try server.sites.map {
            SiteConnection(id: $0.id, name: $0.name, client: try WordPressClient(restBase: $0.restBase, configuration: server.sessionConfiguration(), timeout: .safetyNet))
        }
        var header = SessionRecording.header(sites: sites, mock: nil, terminal: (100, 30), filters: nil, drafts: nil, hint: nil)
        header.mock = SessionHeader.Mock(seed: 7, size: 40)
        let lines = Lines()
        let dispatcher = Dispatcher()
        dispatcher.add(try SessionRecorder(header: header, codecs: ParleyActionCodecs.all, startedAt: startedAt) { lines.data.append($0) })
        let comments = CommentsStore(sites: sites, dispatcher: dispatcher)
        let filters = AnnotationFilterStore(comments: comments, dispatcher: dispatcher, persistence: MemoryFilterStorage())
        let visible = VisibleCommentsSelector(comments: comments, filters: filters)
        let ui = UIStore(comments: comments, filters: filters, visible: visible, dispatcher: dispatcher)
        // The site loads before any screen is open: closing a headless screen (other suites
        // do, meanwhile) frees the windows of every screen of the process — ncurses keeps one
        // list of them — so no screen may be painted across an `await`.
        let site = sites[0].id
        dispatcher.dispatch(UIAction.showSite(site))
        let query = CommentsQuery(site: site)
        let receipt = comments.query(query)
        defer { receipt.cancel() }
        _ = try await comments.state { !$0.fetch(query).isLoading && $0.fetch(query).phase != .neverAsked }
        // Then the app on a screen, fed keys as the terminal would, with no pause.
        let screen = try NcursesScreen.headless(width: 100, height: 30)
        defer { screen.close() }
        let opener = Opener(), clipboard = Clipboard(), control = JobControl()
        let app = TerminalApp(store: ui, screen: screen, options: TerminalOptions(clipboard: .osc52), opener: opener,
                              clipboardWriter: { clipboard.written.append($0) }, jobControl: control)
        app.start(site: site, watchTerminal: false, onExit: { _ in })
        for key in [Key.character("/")] + "the".map(Key.character) + [.enter] { app.handle(key) }
        #expect(filters.state.searchText == "the")
        let link = try #require(ui.selectedEntry?.link)
        app.handle(.character("w"))
        #expect(opener.opened == [link])
        app.handle(.character("y"))
        #expect(ui.state.hint == "Copied (through the terminal): \(link)")
        app.handle(.control("z"))
        return (lines.data, Live(opener: opener, clipboard: clipboard, control: control, hint: ui.state.hint, cursor: ui.state.cursor))
    }
}
