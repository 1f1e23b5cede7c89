import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// Messages and dialogs wrap at words rather than being cut mid-sentence (issue 16): at 80
/// columns `y` showed "Link: http://… (clipboard = "osc52" in config.toml lets y…", the
/// end of the sentence lost. A message too long for the status line now wraps onto rows
/// above it; the snapshots are read by eye.
@MainActor
@Suite struct StatusMessageWrapTests {
    nonisolated static let widths = [60, 80]

    private final class NoBrowser: LinkOpening, @unchecked Sendable {
        func open(_ url: String) -> Result<String, LinkOpeningProblem> { .success("none") }
    }

    /// The bottom `count` rows of the screen, trailing blanks trimmed.
    private func bottomRows(_ app: UIHarness, _ count: Int) -> [String] {
        let height = app.ui.state.height
        return ((height - count)..<height).map { row in
            var line = Substring(app.frame.canvas.line(row))
            while line.last == " " { line.removeLast() }
            return String(line)
        }
    }

    /// Checks that `text` is drawn whole at the bottom of the screen, wrapped onto as many
    /// rows as it needs (more than one), and returns those rows joined.
    private func expectWrappedWhole(_ text: String, on app: UIHarness) -> String {
        let width = app.ui.state.width
        let wrapped = StatusBarView.messageLines(text, width: width - 2, room: StatusBarView.maxMessageRows)
        #expect(!wrapped.isCut, "\(wrapped.lines)")
        #expect(wrapped.lines.count > 1, "the message is longer than one line: \(wrapped.lines)")
        let rows = bottomRows(app, wrapped.lines.count)
        for (row, line) in zip(rows, wrapped.lines) {
            #expect(row.hasPrefix(" " + line), "\(row)")
        }
        return wrapped.lines.joined(separator: " ")
    }

    @Test(arguments: widths) func theLinkNoticeWrapsWhole(_ width: Int) async throws {
        let app = try UIHarness(width: width, height: 16)
        try await app.start()
        let link = try #require(app.selected?.link)
        let words = LinkActions(clipboard: .off, opener: NoBrowser()) { _ in }.copy(link)
        app.dispatcher.dispatch(UIAction.linkNotice(words))
        Snapshot.assert(app.screen, named: "status-link-notice-\(width)x16")
        let shown = expectWrappedWhole(words, on: app)
        #expect(shown.hasSuffix("lets y copy it)"), "the sentence's end shows: \(shown)")
        #expect(shown.replacingOccurrences(of: " ", with: "").contains(link), "the link is all there: \(shown)")
    }

    @Test(arguments: widths) func aSiteErrorWrapsWhole(_ width: Int) async throws {
        let app = try UIHarness(width: width, height: 16)
        try await app.start()
        app.server.faults.failureRate = 1
        app.press(.character("d"))
        try await app.settled()
        try await app.factsSettled()  // the comments read again for their facts: the header's spinner stops
        Snapshot.assert(app.screen, named: "status-error-notice-\(width)x16")
        let notice = try #require(ScreenModel(store: app.ui, keyMap: app.keyMap, now: app.now).notice)
        let shown = expectWrappedWhole(TextSanitizer.singleLine(NoticeText.words(notice, keyMap: app.keyMap)), on: app)
        #expect(shown.contains("troubleshooting WordPress."), "\(shown)")
    }

    @Test func aShortMessageKeepsOneRowAndTheHints() async throws {
        let app = try UIHarness(width: 80, height: 16)
        try await app.start()
        app.dispatcher.dispatch(UIAction.linkNotice("Copied."))
        let rows = bottomRows(app, 2)
        #expect(rows[1].contains("Copied.") && rows[1].contains("? help"), "\(rows)")
        #expect(!rows[0].contains("Copied."), "the row above is the list's: \(rows)")
    }

    @Test func messageLinesWrapAndCutOnlyPastTheirRoom() {
        let text = "one two three four five six seven eight nine ten"
        let whole = StatusBarView.messageLines(text, width: 20, room: 3)
        #expect(whole.lines == ["one two three four", "five six seven eight", "nine ten"])
        #expect(!whole.isCut)
        let cut = StatusBarView.messageLines(text, width: 20, room: 2)
        #expect(cut.lines == ["one two three four", "five six seven…"])
        #expect(cut.isCut)
        #expect(StatusBarView.messageLines("", width: 20, room: 3).lines == [""])
        #expect(StatusBarView.messageLines(text, width: 20, room: 0).lines.count == 1, "the status line itself is always there")
    }

    @Test(arguments: widths) func aDialogWrapsAtWords(_ width: Int) {
        var canvas = Canvas(width: width, height: 16)
        let question = "Delete permanently 12 comments by “A commenter with a rather long name”? This cannot be undone, not even with z."
        DialogView.draw(into: &canvas, title: "Confirm", lines: [question, "", "y  yes      n  no"])
        var trimmed = canvas.text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = Substring(line)
            while line.last == " " { line.removeLast() }
            return String(line)
        }
        while trimmed.last == "" { trimmed.removeLast() }
        Snapshot.assert(trimmed.joined(separator: "\n"), named: "dialog-wrap-\(width)x16")
        let inside = trimmed.map { $0.replacingOccurrences(of: "│", with: " ").trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        for word in question.split(separator: " ") {
            #expect(inside.contains(word), "\(word) is whole")
        }
        #expect(!canvas.text.contains("…"))
    }
}
