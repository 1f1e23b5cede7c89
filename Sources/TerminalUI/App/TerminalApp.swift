import Foundation
import Dispatch
import Flux
import CommentsKit
import Logging

/// The running program: reads keys and signals, turns keys into actions through the
/// ``KeyMap``, dispatches them, and paints the stores' state through ncurses.
///
/// It holds no state of its own beyond what running needs (the screen, receipts, a
/// timer): everything shown lives in the stores. Painting is coalesced: however many
/// changes one turn of the main queue brings, the screen is painted once, after them. The
/// process sleeps between events: keys, resizes and network answers wake it; a timer runs
/// only while something loads (for the spinner).
@MainActor
public final class TerminalApp {
    private let store: UIStore
    private let screen: NcursesScreen
    private let keyMap: KeyMap
    private let logger: Logger
    private let now: @Sendable () -> Date
    private var receipts: [Receipt] = []
    private var siteQuery: Receipt?
    private var events: TerminalEvents?
    private var spinner: (any DispatchSourceTimer)?
    private var renderScheduled = false
    private var exitHandler: (Int32) -> Void = { exit($0) }
    /// How many frames were painted: for tests and benchmarks.
    public private(set) var framesPainted = 0

    /// Prepares the app; nothing runs until ``start(site:)``.
    public init(store: UIStore, screen: NcursesScreen, keyMap: KeyMap = .standard, logger: Logger = Logger(label: "parley"), now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.screen = screen
        self.keyMap = keyMap
        self.logger = logger
        self.now = now
    }

    /// Subscribes to the stores, shows `site`, paints the first frame and starts
    /// listening to the terminal. `watchTerminal: false` leaves input to the caller
    /// (tests and benchmarks feed keys with ``handle(_:)``).
    public func start(site: SiteID, watchTerminal: Bool = true, onExit: @escaping (Int32) -> Void = { exit($0) }) {
        exitHandler = onExit
        let size = screen.size
        store.dispatcher.dispatch(UIAction.resize(width: size.width, height: size.height))
        store.addListener { [weak self] in self?.uiChanged() }.store(in: &receipts)
        store.comments.addListener { [weak self] in self?.dataChanged() }.store(in: &receipts)
        store.filters.addListener { [weak self] in self?.scheduleRender() }.store(in: &receipts)
        store.dispatcher.dispatch(UIAction.showSite(site))
        for connection in store.comments.state.sites {
            store.dispatcher.dispatch(CommentsAction.verifyCredentials(site: connection.id))
        }
        if watchTerminal {
            let events = TerminalEvents { [weak self] event in self?.terminalEvent(event) }
            events.start()
            self.events = events
        }
        renderNow()
    }

    /// Handles one key: the key map turns it into an action, which is dispatched.
    public func handle(_ key: Key) {
        if key == .resize {
            screen.handleResize()
            let size = screen.size
            store.dispatcher.dispatch(UIAction.resize(width: size.width, height: size.height))
            return
        }
        guard let action = keyMap.action(for: key, in: store.state.keyContext) else { return }
        store.dispatcher.dispatch(action)
    }

    /// Paints the current state now.
    public func renderNow() {
        renderScheduled = false
        let frame = ScreenView.render(ScreenModel(store: store, keyMap: keyMap, now: now()))
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
            while let key = screen.readKey() { handle(key) }
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

    private func uiChanged() {
        let state = store.state
        if state.isQuitting { return quit() }
        if state.site != shownSite, let query = store.currentQuery {
            shownSite = state.site
            siteQuery = store.comments.query(query)
        }
        if let text = state.externalEditRequest {
            // After this dispatch ends: the editor takes over the terminal.
            DispatchQueue.main.async { [weak self] in self?.runExternalEditor(text) }
        }
        scheduleRender()
    }

    private func dataChanged() {
        updateSpinner(busy: store.comments.state.isBusy)
        scheduleRender()
    }

    private func scheduleRender() {
        guard !renderScheduled else { return }
        renderScheduled = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.renderScheduled else { return }
                self.renderNow()
            }
        }
    }

    private func updateSpinner(busy: Bool) {
        if busy, spinner == nil {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
            timer.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.store.dispatcher.dispatch(UIAction.tick) }
            }
            timer.resume()
            spinner = timer
        } else if !busy, let timer = spinner {
            timer.cancel()
            spinner = nil
        }
    }

    private func runExternalEditor(_ text: String) {
        guard store.state.externalEditRequest != nil else { return }
        let result = screen.suspend { ExternalEditor.edit(text, logger: logger) }
        store.dispatcher.dispatch(UIAction.externalEditorFinished(result))
    }

    private func quit() {
        spinner?.cancel()
        events?.stop()
        store.filters.flushSaves()
        screen.close()
        logger.info("quit")
        exitHandler(0)
    }
}
