import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// The `?` overlay scrolls and searches: at 60×15 nothing is left "on a taller
/// terminal" and `j` scrolls rather than closing it; no description is cut mid-word.
@MainActor
@Suite struct HelpOverlayTests {
    @Test func atSixtyByFifteenItScrollsInsteadOfClosing() async throws {
        let app = try UIHarness(width: 60, height: 15)
        try await app.start()
        app.press(.character("?"))
        Snapshot.assert(app.screen, named: "help-60x15")
        #expect(!app.screen.contains("taller terminal"))
        app.press(.character("j"))
        #expect(app.ui.state.isHelpVisible, "j scrolls")
        #expect(app.ui.state.help.top == 1)
        app.press(.character("G"))
        #expect(app.screen.contains("close the help"), "the last line is reachable")
        app.press(.character("k"))
        let page = HelpPage(keyMap: app.keyMap, context: .list, nextUndo: nil, terminalWidth: 60, terminalHeight: 15)
        #expect(app.ui.state.help.top == page.maxTop - 1, "k moves at once after G")
        app.press(.character("g"))
        #expect(app.ui.state.help.top == 0)
        app.press(.pageDown)
        #expect(app.ui.state.help.top == page.visibleRows - 1)
        app.press(.character("x"))
        #expect(app.ui.state.isHelpVisible, "other keys do nothing")
        app.press(.character("q"))
        #expect(!app.ui.state.isHelpVisible)
        for close in [Key.escape, .character("?")] {
            app.press(.character("?"), close)
            #expect(!app.ui.state.isHelpVisible)
        }
    }

    @Test func noDescriptionIsCutMidWord() {
        for (width, height) in [(60, 15), (80, 24)] {
            let page = HelpPage(keyMap: .standard, context: .list, nextUndo: nil, terminalWidth: width, terminalHeight: height)
            #expect(page.rows.allSatisfy { DisplayWidth.of($0.text) <= page.textWidth })
            let joined = page.rows.map(\.text).joined(separator: " ")
            #expect(joined.contains("delete permanently (asks first)"))
        }
    }

    @Test func searchFindsHighlightsAndGoesToTheNext() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        app.press(.character("?"), .character("/"))
        #expect(app.ui.state.keyContext == .helpSearch)
        app.press(.character("s"), .character("i"), .character("t"), .character("e"))
        #expect(app.screen.contains("/site"))
        app.press(.enter)
        #expect(app.ui.state.keyContext == .help)
        let page = HelpPage(keyMap: app.keyMap, context: .list, nextUndo: nil, terminalWidth: 80, terminalHeight: 24)
        let matches = page.matches("site")
        #expect(matches.count >= 2)
        #expect(app.ui.state.help.match == matches[0])
        Snapshot.assert(app.screen, named: "help-search-80x24")
        let canvas = app.frame.canvas
        let highlighted = (0..<canvas.height).contains { y in
            (0..<canvas.width).contains { canvas.cell(atX: $0, y: y)?.style == ThemeStyles.standard[.searchMatch] }
        }
        #expect(highlighted)
        app.press(.character("n"))
        #expect(app.ui.state.help.match == matches[1])
        app.press(.character("N"))
        #expect(app.ui.state.help.match == matches[0])
        app.press(.character("/"), .character("z"), .escape)
        #expect(app.ui.state.help.query == "site", "Esc cancels the prompt, the search stays")
    }

    @Test func wideEnoughItNamesTheActionsForKeys() async throws {
        let page = HelpPage(keyMap: .standard, context: .list, nextUndo: nil, terminalWidth: 80, terminalHeight: 24)
        #expect(page.nameWidth > 0)
        #expect(page.rows.contains { $0.keys == "d" && $0.name == "trash" })
        #expect(HelpPage(keyMap: .standard, context: .list, nextUndo: nil, terminalWidth: 60, terminalHeight: 15).nameWidth == 0,
                "too narrow: the descriptions keep their room")
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        app.press(.character("?"), .character("/"), .character("f"), .character("o"), .character("l"), .character("d"), .character("-"), .enter)
        #expect(app.screen.contains("fold-toggle"))
    }

    /// The wheel over the help scrolls it, three lines a notch, and leaves it open.
    @Test func theWheelScrollsTheHelp() async throws {
        let app = try UIHarness(width: 60, height: 15)
        try await app.start()
        app.press(.character("?"))
        app.dispatcher.dispatch(UIAction.mouse(MouseEvent(button: .wheelDown, kind: .press, x: 10, y: 5)))
        #expect(app.ui.state.isHelpVisible)
        #expect(app.ui.state.help.top == MouseReducer.wheelLines)
        app.dispatcher.dispatch(UIAction.mouse(MouseEvent(button: .wheelUp, kind: .press, x: 10, y: 5)))
        #expect(app.ui.state.help.top == 0)
    }
}
