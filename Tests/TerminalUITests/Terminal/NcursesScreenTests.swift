import Testing
@testable import TerminalUI

/// Headless ncurses: output to /dev/null, input from a pipe, fixed size.
/// Serialized because ncurses keeps global state (the current SCREEN).
@Suite(.serialized)
@MainActor
struct NcursesScreenTests {
    @Test func presentsASCIICJKAndEmojiAndReadsThemBack() throws {
        let screen = try NcursesScreen.headless(width: 20, height: 4)
        defer { screen.close() }
        var canvas = Canvas(width: 20, height: 4)
        canvas.put("hello", x: 0, y: 0)
        canvas.put("中文字", x: 2, y: 1)
        canvas.put("a😀b", x: 0, y: 2, style: Style(foreground: .red, bold: true))
        canvas.drawBox(x: 10, y: 0, width: 6, height: 3, title: "t")
        screen.present(canvas)
        #expect(screen.screenText() == canvas.text)
        #expect(screen.screenText() == """
        hello     ┌─ t ┐
          中文字  │    │
        a😀b      └────┘

        """)
    }

    @Test func diffPaintingChangesOnlyOneCell() throws {
        let screen = try NcursesScreen.headless(width: 10, height: 2)
        defer { screen.close() }
        var canvas = Canvas(width: 10, height: 2)
        canvas.put("abcdef", x: 0, y: 0)
        screen.present(canvas)
        canvas.put("X", x: 3, y: 0)
        screen.present(canvas)
        #expect(screen.screenText() == "abcXef\n")
        canvas.put("中", x: 4, y: 1)
        canvas.put("y", x: 5, y: 1)
        screen.present(canvas)
        #expect(screen.screenText() == "abcXef\n     y")
    }

    @Test func fedKeysComeBackInOrder() throws {
        let screen = try NcursesScreen.headless(width: 10, height: 2)
        defer { screen.close() }
        let keys: [Key] = [.character("j"), .character("中"), .control("u"), .up, .pageDown, .enter, .escape, .backspace, .function(5), .tab, .backTab]
        #expect(screen.feed(keys))
        #expect(screen.readKeys() == keys)
        #expect(screen.readKey() == nil)
    }

    @Test func rawBytesAreDecodedLikeATerminal() throws {
        let screen = try NcursesScreen.headless(width: 10, height: 2)
        defer { screen.close() }
        #expect(screen.feedRaw(Array("q\u{1B}OA\u{1B}[B\u{15}é\r".utf8)))
        #expect(screen.readKeys() == [.character("q"), .up, .down, .control("u"), .character("é"), .enter])
    }

    @Test func resizeRepaintsEverything() throws {
        let screen = try NcursesScreen.headless(width: 10, height: 2)
        defer { screen.close() }
        var canvas = Canvas(width: 10, height: 2)
        canvas.put("0123456789", x: 0, y: 0)
        screen.present(canvas)
        #expect(screen.resize(width: 6, height: 3))
        #expect(screen.size == (6, 3))
        var small = Canvas(width: 6, height: 3)
        small.put("abc", x: 0, y: 2)
        screen.present(small)
        #expect(screen.screenText() == "\n\nabc")
    }
}
