import Foundation
import Flux
import CommentsKit
import Logging

/// The running program: reads keys and signals, turns keys into actions through the
/// ``KeyMap``, dispatches them, and paints the stores' state through ncurses.
///
/// It holds no state of its own beyond what running needs (the screen, receipts, the
/// frame pacer): everything shown lives in the stores. Painting is coalesced: however many
/// changes one turn of the main queue brings, the screen is painted once, after them; what
/// the data alone changes (pages of a load) is painted at most once per frame interval
/// (``FramePacer``). The
/// process sleeps between events: keys, resizes and network answers wake it.
///
/// What keys cause besides state — opening and copying links, suspending the job — and the
/// spinner's timer and the start-up's requests are effects of ``UIStore``, carried out by
/// its runner (none in a replay); the app only attaches what they act on
/// (``TerminalServices``: its screen, the browser, the clipboard, a clock) and feeds keys,
/// resizes, frames and the terminal's events in as actions.
@MainActor
package final class TerminalApp {
    private let store: UIStore
    private let screen: NcursesScreen
    private let keyMap: KeyMap
    private let logger: Logger
    private let now: @Sendable () -> Date
    /// The user's time zone, for the dates shown.
    private let timeZone: TimeZone
    private var receipts: [Receipt] = []
    /// The shown site's queries: its comments and its pings.
    private var siteQueries: [Receipt] = []
    private var events: TerminalEvents?
    private lazy var pacer = FramePacer(store: store) { [weak self] in self?.paint() }
    private var exitHandler: (Int32) -> Void = { exit($0) }
    private let options: TerminalOptions
    private var clicks = MouseClickCounter()
    /// How many frames were painted: for tests and benchmarks.
    package private(set) var framesPainted = 0
    /// Whether the deferred detail paint is due (the store's settle effect is armed while
    /// the pane lags the cursor): for tests (idle, it never is).
    package var isDetailSettlePending: Bool { !store.state.isDetailSettled }

    /// Prepares the app, and attaches to `store` what its effects act on (``TerminalServices``):
    /// `opener` and the clipboard for `w` and `y` (by default OSC 52 written to `screen`),
    /// `jobControl` for Ctrl-Z (by default `screen`'s), `spinnerClock` for the spinner.
    /// Nothing runs until ``start(site:readsReplicas:worksOffline:watchTerminal:onExit:)``.
    package init(
        store: UIStore,
        screen: NcursesScreen,
        keyMap: KeyMap = .standard,
        logger: Logger = Logger(label: "parley"),
        now: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = RelativeDate.utc,
        options: TerminalOptions = TerminalOptions(),
        opener: any LinkOpening = LinkOpener(),
        clipboardWriter: ((String) -> Void)? = nil,
        jobControl: (any TerminalControlling)? = nil,
        spinnerClock: any Clock<Duration> = ContinuousClock()
    ) {
        self.store = store
        self.screen = screen
        self.keyMap = keyMap
        self.logger = logger
        self.now = now
        self.timeZone = timeZone
        self.options = options
        let writeClipboard = clipboardWriter ?? { [weak screen] sequence in screen?.writeToTerminal(Array(sequence.utf8)) }
        store.terminal.links = LinkActions(clipboard: options.clipboard, opener: opener, copyKey: keyMap.say("copy-link"),
                                           writeClipboard: writeClipboard)
        store.terminal.control = jobControl ?? ScreenJobControl(screen: screen) { [weak self] in self?.pacer.requestWholeFrame() }
        store.terminal.spinnerClock = spinnerClock
    }

    /// Subscribes to the stores, starts on `site` (``UIAction/start(_:)``: the sites'
    /// replicas read first when `readsReplicas`, all of them offline when `worksOffline`, the
    /// write log's records read for the detail pane when `readsJournal`),
    /// paints the first frame and starts listening to the terminal. `watchTerminal: false`
    /// leaves input to the caller (tests and benchmarks feed keys with ``handle(_:)``).
    package func start(site: SiteID, readsReplicas: Bool = false, worksOffline: Bool = false, readsJournal: Bool = false,
                       watchTerminal: Bool = true, onExit: @escaping (Int32) -> Void = { exit($0) }) {
        exitHandler = onExit
        screen.setMouseReporting(options.mouse)
        screen.hyperlinks = HyperlinkSupport.decide(configured: options.hyperlinks, environment: ProcessInfo.processInfo.environment)
        let size = screen.size
        store.dispatcher.dispatch(UIAction.resize(width: size.width, height: size.height))
        store.addListener { [weak self] in self?.uiChanged() }.store(in: &receipts)
        store.comments.addListener { [weak self] in self?.dataChanged() }.store(in: &receipts)
        store.filters.addListener { [weak self] in self?.scheduleRender() }.store(in: &receipts)
        store.dispatcher.dispatch(UIAction.start(StartUp(site: site, sites: store.comments.state.sites.map(\.id),
                                                         readsReplicas: readsReplicas, worksOffline: worksOffline,
                                                         readsJournal: readsJournal)))
        if watchTerminal {
            let events = TerminalEvents { [weak self] event in self?.terminalEvent(event) }
            events.start()
            self.events = events
        }
        renderNow()
    }

    /// Handles one key: the key map turns it into an action, which is dispatched (what `w`,
    /// `y` and Ctrl-Z do outside the state is their effect: ``TerminalServices``); an Alt
    /// chord nothing takes is the Esc and the key, dispatched in turn (``KeyMap/press(_:context:dispatch:)``).
    package func handle(_ key: Key) {
        if key == .resize {
            screen.handleResize()
            let size = screen.size
            store.dispatcher.dispatch(UIAction.resize(width: size.width, height: size.height))
            return
        }
        if case .mouse(let event) = key {
            // Not through the key map: where the pointer is decides (MouseReducer). Only
            // left presses and the wheel do anything, so releases are not even actions (they
            // would clear the status line's notice). The click count is taken here, where
            // the clock is, so a replay needs none.
            guard event.isWheel || (event.button == .left && event.kind == .press) else { return }
            return store.dispatcher.dispatch(UIAction.mouse(clicks.count(event, at: now())))
        }
        keyMap.press(key, context: { store.state.keyContext }, dispatch: { store.dispatcher.dispatch($0) })
    }

    /// Paints the current state now (the interface first catching up with the pages that
    /// arrived since the last frame).
    package func renderNow() {
        pacer.drawNow()
    }

    private func paint() {
        let frame = ScreenView.render(ScreenModel(store: store, keyMap: keyMap, now: now(), timeZone: timeZone))
        screen.present(frame.canvas)
        if let cursor = frame.cursor {
            screen.setCursor(x: cursor.x, y: cursor.y, visible: true)
        } else {
            screen.setCursor(x: 0, y: 0, visible: false)
        }
        framesPainted += 1
    }

    // MARK: Reacting

    private func terminalEvent(_ event: TerminalEvent) {
        switch event {
        case .input:
            // Read now (the source fires again while bytes wait), handle in a task, and
            // draw what the keys changed in that same task (FramePacer.drawIfDue).
            var keys: [Key] = []
            while let key = screen.readKey() { keys.append(key) }
            Self.runInMainActorTask { [weak self] in
                guard let self else { return }
                for key in keys { handle(key) }
                if !store.state.isQuitting { pacer.drawIfDue() }
            }
        case .resize:
            handle(.resize)
        case .terminate(let signal):
            logger.info("terminating on signal \(signal)")
            store.dispatcher.dispatch(UIAction.quit)
        case .inputClosed:
            logger.info("the terminal went away")
            store.dispatcher.dispatch(UIAction.quit)
        }
    }

    private var shownSite: SiteID?
    /// Whether the interface was behind the load at the last change (``uiChanged()``).
    private var wasBehindLoad = false

    private func uiChanged() {
        let state = store.state
        if state.isQuitting { return quit() }
        if state.site != shownSite, store.currentQuery != nil {
            shownSite = state.site
            siteQueries = store.currentQueries.map { store.comments.query($0) }
        }
        // A page that leaves the interface behind the load changed it: paced, as pages are.
        // Already behind, a key changed it (a move within the list as shown): its frame at
        // the next turn, and the catch-up paced after it (FramePacer).
        pacer.request(paced: state.isBehindLoad && !wasBehindLoad)
        wasBehindLoad = state.isBehindLoad
    }

    private func dataChanged() {
        pacer.request(paced: true)
    }

    private func scheduleRender() {
        pacer.request()
    }

    /// Runs `work` in a main-actor task, after the current main-queue block and in order
    /// with the other tasks started here.
    ///
    /// Why not at once: blocks run by dispatch sources and `DispatchQueue.main` carry no
    /// Swift executor, and under `dispatchMain()` the main queue is drained by a worker
    /// thread, not the main thread. Every dynamic isolation check Swift 6 puts in closures
    /// formed by main-actor code (the visible-list selector has one per row) then takes
    /// the slow path through `dispatch_assert_queue`: 14% of a filter toggle's CPU at 100k
    /// comments. Inside a task the check is a comparison with the current executor.
    /// (`Task.immediate` would not help: from such a block it cannot tell it is on the main
    /// actor either, so it enqueues too.) Keys go through here, and the frames
    /// (``FramePacer``).
    package static func runInMainActorTask(_ work: @escaping @MainActor () -> Void) {
        Task { @MainActor in work() }
    }

    private func quit() {
        events?.stop()
        store.filters.flushSaves()
        screen.close()
        if let line = QuitFarewell.line(store.comments.state) {
            FileHandle.standardError.write(Data(line.utf8))
        }
        logger.info("quit")
        exitHandler(0)
    }
}
