#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import TerminalUI

/// Drives the real-terminal path (open, colour, keys, SIGWINCH, restore) end to end.
/// Only runs when `PARLEY_TTY_SMOKE=1`, inside a terminal such as tmux:
///
///     tmux new-session -d -x 60 -y 12 \
///       'PARLEY_TTY_SMOKE=1 swift test --skip-build --filter RealTerminalSmoke 2>/tmp/smoke.err'
///
/// then send keys to the pane; `q` ends the test. The keys seen and the final screen are
/// written to /tmp/parley-tty-smoke.txt for the driver to check.
@Suite(.enabled(if: getenv("PARLEY_TTY_SMOKE") != nil))
@MainActor
struct RealTerminalSmokeTests {
    @Test func paintsReadsKeysResizesAndRestores() async throws {
        TerminalRestorer.installHandlers()
        let screen = try NcursesScreen.open()
        defer { screen.close() }
        var log: [String] = []

        func draw() {
            let (width, height) = screen.size
            var canvas = Canvas(width: width, height: height)
            canvas.drawBox(x: 0, y: 0, width: width, height: height, title: "parley smoke \(width)×\(height)")
            canvas.put("ASCII, 中文, 😀, ❤️, 🇯🇵, e\u{301}", x: 2, y: 1)
            canvas.put("red bold", x: 2, y: 2, style: Style(foreground: .red, bold: true))
            canvas.put("reverse", x: 2, y: 3, style: .reverse)
            canvas.put("keys: " + log.suffix(8).joined(separator: " "), x: 2, y: 4, maxWidth: width - 4)
            screen.present(canvas)
        }

        draw()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            var finished = false
            let events = TerminalEvents { event in
                guard !finished else { return }
                switch event {
                case .input:
                    while let key = screen.readKey() {
                        log.append(key.name)
                        if key == .character("q") { finished = true }
                    }
                case .resize:
                    screen.handleResize()
                    log.append("resized")
                case .terminate, .inputClosed:
                    log.append("\(event)")
                    finished = true
                }
                draw()
                if finished { done.resume() }
            }
            events.start()
            retain(events)
        }
        let report = log.joined(separator: " ") + "\n" + screen.screenText() + "\n"
        let file = fopen("/tmp/parley-tty-smoke.txt", "w")
        if let file {
            fputs(report, file)
            fclose(file)
        }
        #expect(log.last == "q")
    }

    /// Keeps the event watcher alive for the rest of the process (the test ends with it).
    private func retain(_ events: TerminalEvents) {
        Self.keepAlive.append(events)
    }

    private static var keepAlive: [TerminalEvents] = []
}
