import Foundation
import Testing
import Flux
import FluxTesting
import CommentsKit
@testable import TerminalUI

/// Issue 26: `w`, `y`, Ctrl-Z, the spinner and the start-up are effects the UI store returns
/// and its runner carries out through ``TerminalServices`` — done when effects run, none of
/// them when they do not (a replay: `Tests/ParleyTests/ReplayWithoutSideEffectsTests`).
@MainActor
@Suite(.serialized) struct TerminalEffectsTests {
    final class FakeOpener: LinkOpening, @unchecked Sendable {
        var opened: [String] = []
        func open(_ url: String) -> Result<String, LinkOpeningProblem> {
            opened.append(url)
            return .success("testbrowser")
        }
    }

    final class FakeClipboard {
        var written: [String] = []
    }

    final class FakeJobControl: TerminalControlling {
        var suspended = 0
        var sizeAfter = (width: 120, height: 40)
        func suspendJob() -> (width: Int, height: Int) {
            suspended += 1
            return sizeAfter
        }
    }

    /// `clipboard` receives what `y` writes through the terminal.
    private func links(_ opener: FakeOpener, _ clipboard: FakeClipboard) -> LinkActions {
        LinkActions(clipboard: .osc52, opener: opener) { clipboard.written.append($0) }
    }

    @Test func wOpensTheCursorsLinkThroughTheEffectAndSaysWhatItDidInTheKeysFrame() async throws {
        let app = try UIHarness(width: 132, height: 30)
        try await app.start()
        let opener = FakeOpener(), clipboard = FakeClipboard()
        app.ui.terminal.links = links(opener, clipboard)
        let link = try #require(app.selected?.link)
        let log = ActionLog(on: app.dispatcher)
        app.press(.character("w"))
        #expect(opener.opened == [link])
        #expect(app.ui.state.hint == "Opened in testbrowser: \(link)")
        #expect(log.actions(of: UIAction.self) == [.openLink, .linkNotice("Opened in testbrowser: \(link)")])
        #expect(clipboard.written.isEmpty)
    }

    @Test func yWritesTheLinkToTheClipboardThroughTheEffect() async throws {
        let app = try UIHarness(width: 132, height: 30)
        try await app.start()
        let opener = FakeOpener(), clipboard = FakeClipboard()
        app.ui.terminal.links = links(opener, clipboard)
        let link = try #require(app.selected?.link)
        app.press(.character("y"))
        #expect(clipboard.written == [LinkActions.osc52(link)])
        #expect(app.ui.state.hint == "Copied (through the terminal): \(link)")
        #expect(opener.opened.isEmpty)
    }

    @Test func withNothingToOpenWithWAndYAreNoEffect() async throws {
        let app = try UIHarness(width: 132, height: 30)
        try await app.start()
        let before = app.ui.state
        app.press(.character("w"), .character("y"))
        #expect(app.ui.state == before, "no notice: nothing was done")
    }

    @Test func ctrlZStopsTheJobOnceAndFeedsTheSizeItCameBackAtIn() async throws {
        let app = try UIHarness(width: 100, height: 30)
        try await app.start()
        let control = FakeJobControl()
        app.ui.terminal.control = control
        app.press(.character("r"), .character("h"), .character("i"))
        let log = ActionLog(on: app.dispatcher)
        app.press(.control("z"))
        #expect(control.suspended == 1)
        #expect(log.actions(of: UIAction.self) == [.suspend, .resize(width: 120, height: 40)])
        #expect(app.ui.state.width == 120 && app.ui.state.height == 40)
        let composing = if case .compose = app.ui.state.mode { true } else { false }
        #expect(composing, "the reply being written survives")
    }

    @Test func theAppsCtrlZGoesThroughTheStoresEffect() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        let screen = try NcursesScreen.headless(width: 80, height: 24)
        defer { screen.close() }
        let control = FakeJobControl()
        control.sizeAfter = (width: 90, height: 26)
        let terminal = TerminalApp(store: app.ui, screen: screen, jobControl: control)
        terminal.start(site: try #require(app.ui.state.site), watchTerminal: false, onExit: { _ in })
        terminal.handle(.control("z"))
        #expect(control.suspended == 1)
        #expect(app.ui.state.width == 90 && app.ui.state.height == 26)
    }

    /// The spinner on a test clock: it ticks every 100 ms while busy, and stops when not.
    @Test func theSpinnerTicksOnItsClockWhileBusyAndStopsWhenNot() async {
        let clock = TestClock()
        let spinner = SpinnerReducer(services: TerminalServices(spinnerClock: clock))
        let busy = Flag(true)
        let store = TestStore(initialState: UIState()) { (state: inout UIState, action: UIAction) in
            if action == .tick { state.spinnerFrame &+= 1 }
            return spinner.effect(&state, busy: busy.value)
        }
        await store.send(.frame) { $0.isSpinning = true }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(99))
        #expect(store.state.spinnerFrame == 0)
        clock.advance(by: .milliseconds(1))
        await store.receive(.tick) { $0.spinnerFrame = 1 }
        await clock.sleepers(atLeast: 1)
        clock.advance(by: .milliseconds(100))
        await store.receive(.tick) { $0.spinnerFrame = 2 }
        await store.send(.frame)  // still busy: the same ticks go on, none added
        busy.value = false
        await store.send(.frame) { $0.isSpinning = false }
        await store.finish()
        #expect(clock.sleeperCount == 0, "idle: no timer")
    }

    @Test func quittingStopsTheSpinner() async {
        let clock = TestClock()
        let spinner = SpinnerReducer(services: TerminalServices(spinnerClock: clock))
        let store = TestStore(initialState: UIState()) { (state: inout UIState, action: UIAction) in
            if action == .quit { state.isQuitting = true }
            return spinner.effect(&state, busy: true)
        }
        await store.send(.frame) { $0.isSpinning = true }
        await store.send(.quit) {
            $0.isQuitting = true
            $0.isSpinning = false
        }
        await store.finish()
    }

    @Test func withoutAClockNothingSpins() async {
        let spinner = SpinnerReducer(services: TerminalServices())
        let store = TestStore(initialState: UIState()) { (state: inout UIState, _: UIAction) in spinner.effect(&state, busy: true) }
        await store.send(.frame)
        await store.finish()
    }

    /// Through the UI store: a reload makes the comments store busy, which starts the
    /// spinner; its end stops it.
    @Test func theUIStoreSpinsWhileTheCommentsStoreIsBusy() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        let clock = TestClock()
        app.ui.terminal.spinnerClock = clock
        #expect(!app.ui.state.isSpinning)
        app.press(.character("R"))
        #expect(app.comments.state.isBusy)
        #expect(app.ui.state.isSpinning)
        _ = try await app.comments.state { !$0.isBusy }
        #expect(!app.ui.state.isSpinning)
    }

    @Test func theStartIsOneActionWhoseEffectsAskTheStoresInOrder() throws {
        let app = try UIHarness(width: 80, height: 24)
        let sites = app.server.sites.map(\.id)
        let log = ActionLog(on: app.dispatcher)
        app.dispatcher.dispatch(UIAction.start(StartUp(site: sites[0], sites: sites, readsReplicas: true, worksOffline: true)))
        var expected: [any Action] = [
            UIAction.start(StartUp(site: sites[0], sites: sites, readsReplicas: true, worksOffline: true)),
            CommentsAction.workOffline(sites: sites),
        ]
        expected += sites.map { CommentsAction.readCache(site: $0) }
        expected.append(UIAction.showSite(sites[0]))
        for site in sites {
            expected += [CommentsAction.verifyCredentials(site: site), CommentsAction.countStatuses(site: site),
                         CommentsAction.startPolling(site: site)]
        }
        let started = log.actions.prefix(expected.count).map { String(describing: $0) }
        #expect(started == expected.map { String(describing: $0) })
        #expect(app.ui.state.site == sites[0])
    }

    @Test func aStartWithoutReplicasAsksNoneAndStaysOnline() throws {
        let app = try UIHarness(width: 80, height: 24, sites: 1)
        let site = try #require(app.server.sites.first).id
        let log = ActionLog(on: app.dispatcher)
        app.dispatcher.dispatch(UIAction.start(StartUp(site: site, sites: [site])))
        let expected: [any Action] = [
            UIAction.start(StartUp(site: site, sites: [site])), UIAction.showSite(site), CommentsAction.verifyCredentials(site: site),
            CommentsAction.countStatuses(site: site), CommentsAction.startPolling(site: site),
        ]
        #expect(log.actions.prefix(expected.count).map { String(describing: $0) } == expected.map { String(describing: $0) })
    }

    @Test func theStartReadsBackAsRecorded() throws {
        let action = UIAction.start(StartUp(site: "site-1", sites: ["site-1", "site-2"], readsReplicas: true, worksOffline: false))
        #expect(try JSONDecoder().decode(UIAction.self, from: JSONEncoder().encode(action)) == action)
    }

    @Test func effectsOffTheStartAsksNothing() throws {
        let app = try UIHarness(width: 80, height: 24, sites: 1)
        let site = try #require(app.server.sites.first).id
        app.dispatcher.effectPolicy = .suppress
        let log = ActionLog(on: app.dispatcher)
        app.dispatcher.dispatch(UIAction.start(StartUp(site: site, sites: [site])))
        #expect(log.actions.count == 1)
        #expect(app.ui.state.site == nil)
    }
}

/// A switch a test flips while a reducer reads it.
@MainActor
private final class Flag {
    var value: Bool
    init(_ value: Bool) { self.value = value }
}
