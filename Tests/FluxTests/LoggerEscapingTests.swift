import Testing
import Flux

private struct Posted: Action { let author: String }

/// An action that prints itself, so nothing between it and the log escapes its text.
private struct Said: Action, CustomStringConvertible {
    let text: String
    var description: String { "Said.text(\(text))" }
}

/// Issue 17, defect 3: the logger printed actions with `String(describing:)`, raw C1 and
/// bidi controls from the site included.
@MainActor
@Suite struct LoggerEscapingTests {
    let dispatcher = Dispatcher()

    private func loggedLines(for action: any Action) -> [String] {
        var lines: [String] = []
        dispatcher.add(LoggerMiddleware { lines.append($0) })
        dispatcher.dispatch(action)
        return lines
    }

    private func holdsAControl(_ line: String) -> Bool {
        line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
    }

    @Test func c1AndBidiControlsInAnActionsTextAreEscaped() throws {
        let lines = loggedLines(for: Posted(author: "evil\u{9B}2J\u{9D}52;c;x\u{9C}\u{202E}\u{2066}"))
        let first = try #require(lines.first)
        #expect(first == "→ #1 Posted(author: \"evil<U+009B>2J<U+009D>52;c;x<U+009C><U+202E><U+2066>\")")
        #expect(!lines.contains(where: holdsAControl))
    }

    @Test func aNewlineCannotForgeALogLine() throws {
        let lines = loggedLines(for: Said(text: "a\n← #9 0.01 ms\u{1B}[2J"))
        #expect(lines.count == 2)
        #expect(try #require(lines.first) == "→ #1 Said.text(a<U+000A>← #9 0.01 ms<U+001B>[2J)")
    }
}
