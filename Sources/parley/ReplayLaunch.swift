import Foundation
import Flux
import TerminalUI

/// `parley --replay path` on the terminal: plays the recording at once, then shows the
/// screen the session ended on (at the recorded size) with "replay finished · q quits" in
/// place of the key hints. After the replay, q and Ctrl-C quit, a resize lays the screen
/// out again for the terminal's size, and every other key does nothing: the stores only
/// ever see the recording.
@MainActor
final class ReplayLaunch {
    /// Keeps the running replay alive for the life of the process.
    private static var running: ReplayLaunch?

    private let path: String
    private let replay: SessionReplay
    private let screen: NcursesScreen
    private var events: TerminalEvents?

    /// What the key hints' place says once the replay is over.
    static let banner = " replay finished · q quits "

    private init(path: String, replay: SessionReplay, screen: NcursesScreen) {
        self.path = path
        self.replay = replay
        self.screen = screen
    }

    /// Loads `path`, opens the terminal and replays; on any problem, says it in one
    /// sentence and exits with status 1.
    static func start(path: String) {
        let session: RecordedSession<SessionHeader>
        do {
            session = try SessionReplay.load(path)
        } catch {
            fail(error.description)
        }
        TerminalRestorer.installHandlers()
        let screen: NcursesScreen
        do {
            screen = try NcursesScreen.open()
        } catch {
            fail(Launch.sentence(error))
        }
        let replay: SessionReplay
        do {
            replay = try SessionReplay(session, screen: screen)
        } catch {
            screen.close()
            fail(Launch.sentence(error))
        }
        let launch = ReplayLaunch(path: path, replay: replay, screen: screen)
        running = launch
        launch.run()
    }

    private func run() {
        replay.play { [replay] code in
            replay.cleanUp()
            exit(code)
        }
        replay.replayer.gate.admitsLive = { action in
            if case UIAction.resize? = action as? UIAction { return true }
            return false
        }
        paint()
        let events = TerminalEvents { [weak self] event in self?.terminalEvent(event) }
        events.start()
        self.events = events
    }

    private func terminalEvent(_ event: TerminalEvent) {
        switch event {
        case .input:
            while let key = screen.readKey() {
                switch key {
                case .character("q"), .control("c"): return quit()
                case .resize: resize()
                default: break
                }
            }
        case .resize: resize()
        case .terminate, .inputClosed: quit()
        }
    }

    private func resize() {
        replay.app.handle(.resize)
        paint()
    }

    /// The app's frame, with the banner over the key hints — or, on a terminal smaller than
    /// the recorded one, in the bottom right corner of what shows.
    private func paint() {
        replay.app.renderNow()
        var canvas = ScreenView.render(ScreenModel(store: replay.store, now: replay.replayer.clock.now)).canvas
        let width = DisplayWidth.of(Self.banner)
        let right = min(canvas.width, screen.size.width), bottom = min(canvas.height, screen.size.height) - 1
        guard bottom >= 0, right > width else { return }
        canvas.fill(x: right - width, y: bottom, width: width, height: 1)
        canvas.put(Self.banner, x: right - width, y: bottom, style: Style(reverse: true))
        screen.present(canvas)
    }

    private func quit() {
        events?.stop()
        screen.close()
        replay.cleanUp()
        print("parley: replayed \(replay.replayer.played) actions of \(path).")
        exit(0)
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("parley: \(message)\n".utf8))
        exit(1)
    }
}
