import Testing
@testable import TerminalUI

/// Headless ncurses: output to /dev/null, input from a pipe, fixed size.
/// ncurses keeps global state (the current SCREEN); these tests are synchronous and
/// main-actor isolated, so no two of them (in any suite) can interleave.
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
        // Esc last: followed by a key it would be read back as an Alt chord.
        let keys: [Key] = [.character("j"), .character("中"), .control("u"), .up, .pageDown, .enter, .backspace, .function(5), .tab, .backTab, .escape]
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

/// How graphemes whose C-library width disagrees with `DisplayWidth` are drawn.
@Suite(.serialized)
@MainActor
struct NcursesGlyphTests {
    @Test func agreeingWidthsDrawTheGraphemeItself() throws {
        let screen = try NcursesScreen.headless(width: 4, height: 1)  // selects a UTF-8 locale
        defer { screen.close() }
        #expect(NcursesGlyph.forGrapheme("a", columns: 1, localeIsUTF8: true) == .characters([0x61, 0]))
        #expect(NcursesGlyph.forGrapheme("中", columns: 2, localeIsUTF8: true) == .characters([0x4E2D, 0]))
        #expect(NcursesGlyph.forGrapheme("e\u{301}", columns: 1, localeIsUTF8: true) == .characters([0x65, 0x301, 0]))
    }

    @Test func aZWJSequenceKeepsItsFirstEmojiAndNoDanglingJoiner() throws {
        let screen = try NcursesScreen.headless(width: 4, height: 1)
        defer { screen.close() }
        // A joiner left at the end of the cell would glue onto the next cell's emoji in
        // terminals that join sequences, and shift the rest of the row.
        #expect(NcursesGlyph.forGrapheme("👩\u{200D}💻", columns: 2, localeIsUTF8: true) == .characters([0x1F469, 0]))
    }

    @Test func narrowByLibcButWideOnCanvasUsesTwoCells() throws {
        let screen = try NcursesScreen.headless(width: 4, height: 1)
        defer { screen.close() }
        // glibc gives regional indicators width 1: the flag is split over both columns.
        #expect(NcursesGlyph.forGrapheme("🇯🇵", columns: 2, localeIsUTF8: true)
            == .twoCells(first: [0x1F1EF, 0], second: [0x1F1F5, 0]))
        #expect(NcursesGlyph.forGrapheme("❤️", columns: 2, localeIsUTF8: true)
            == .twoCells(first: [0x2764, 0xFE0F, 0], second: [0x20, 0]))
    }

    @Test func boxCharactersUseACSWithoutUnicode() throws {
        let screen = try NcursesScreen.headless(width: 4, height: 1)
        defer { screen.close() }
        if case .alternateCharacterSet = NcursesGlyph.forGrapheme("─", columns: 1, localeIsUTF8: false) {
        } else {
            Issue.record("expected an ACS line character")
        }
    }

    @Test func headlessScreenShowsFlagsAndVS16EmojiInTheirColumns() throws {
        let screen = try NcursesScreen.headless(width: 12, height: 1)
        defer { screen.close() }
        var canvas = Canvas(width: 12, height: 1)
        canvas.put("🇯🇵|❤️|x", x: 0, y: 0)
        screen.present(canvas)
        #expect(screen.screenText() == "🇯🇵|❤\u{FE0F} |x")
    }
}

