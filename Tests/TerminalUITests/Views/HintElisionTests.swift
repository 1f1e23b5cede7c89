import Testing
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// Nothing is cut mid-word as the terminal narrows: key hints drop whole items, least
/// useful first ("4 matches · Enter keep · Es…", the reply box's "Ctrl…"), messages are
/// cut after a whole word, dialogs and the too-small message wrap. One snapshot per width
/// gathers the lines that change, for reading side by side.
@MainActor
@Suite struct HintElisionTests {
    nonisolated static let widths = [40, 60, 80]

    func harness(width: Int) async throws -> UIHarness {
        let app = try UIHarness(width: width, height: 16)
        try await app.start()
        return app
    }

    @Test(arguments: widths) func hintsAtWidth(_ width: Int) async throws {
        var report: [String] = []
        var app = try await harness(width: width)
        report.append("list    |" + app.frame.canvas.line(15))
        app.press(.enter)
        report.append("detail  |" + app.frame.canvas.line(15))

        app = try await harness(width: width)
        app.press(.character("/"))
        app.type("the")
        report.append("search  |" + app.frame.canvas.line(15))

        app = try await harness(width: width)
        app.press(.character("f"))
        report.append("filters |" + app.frame.canvas.line(15))

        app = try await harness(width: width)
        app.press(.character("r"))
        let box = try #require((0..<16).first { app.frame.canvas.line($0).contains("┌") })
        report.append("reply   |" + app.frame.canvas.line(box))
        report.append("reply   |" + app.frame.canvas.line(15))

        app = try await harness(width: width)
        app.server.faults.failureRate = 1
        app.press(.character("d"))
        try await app.settled()
        report.append("error   |" + app.frame.canvas.line(15))

        let text = report.map { line in
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed.removeLast() }
            return String(trimmed)
        }.joined(separator: "\n")
        Snapshot.assert(text, named: "hints-\(width)-columns")
        for line in report where !line.hasPrefix("error") {
            #expect(!line.contains("…"), "only the site's message may be cut (after a word): \(line)")
        }
    }

    @Test(arguments: widths) func shownHintsAreWholeItems(_ width: Int) {
        let hints = KeyHints(["r reply": 1, "d trash": 2, "a/u/s": 4, "f filters": 3, "/ search": 3, "? help": 0])
        let all = Set(hints.items.map(\.text))
        for room in 0...width {
            let shown = hints.fitted(toWidth: room)
            #expect(DisplayWidth.of(shown) <= room)
            #expect(shown.isEmpty || Set(shown.components(separatedBy: " · ")).isSubset(of: all), "\(room): \(shown)")
        }
        #expect(hints.fitted(toWidth: 7) == "? help")
        #expect(hints.fitted(toWidth: 16) == "r reply · ? help")
        #expect(hints.fitted(toWidth: 26) == "r reply · d trash · ? help")
    }

    @Test func messagesAreCutAfterAWholeWord() {
        let message = "Trash failed: There has been a critical error on this website. Learn more about troubleshooting WordPress."
        #expect(TextWrapper.truncateAtWord(message, toWidth: 78) == "Trash failed: There has been a critical error on this website. Learn more…")
        #expect(TextWrapper.truncateAtWord("short", toWidth: 10) == "short")
        #expect(TextWrapper.truncateAtWord("Supercalifragilistic", toWidth: 6) == "Super…")
    }

    @Test func theTooSmallMessageWrapsInsteadOfLosingItsEnd() async throws {
        let app = try UIHarness(width: 20, height: 8)
        try await app.start()
        Snapshot.assert(app.screen, named: "too-small-20x8")
        #expect(app.screen.contains("20×8"))
    }

    @Test func aConfirmationWrapsOnANarrowScreen() async throws {
        let app = try await harness(width: 40)
        app.press(.character("D"))
        Snapshot.assert(app.screen, named: "confirm-40x16")
        #expect(app.screen.contains("undone"))
    }
}
