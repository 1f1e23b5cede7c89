import Testing
@testable import TerminalUI

/// The editors take readline's keys and never send by accident: Ctrl-D deletes, only
/// Ctrl-S sends; Alt-b / Alt-f / Alt-d move and delete by words.
struct ReadlineEditingTests {
    private func editing(_ text: String, row: Int, column: Int) -> TextEditor {
        var editor = TextEditor(text: text)
        while editor.row > row { _ = editor.apply(.up) }
        _ = editor.apply(.home)
        for _ in 0..<column { _ = editor.apply(.right) }
        return editor
    }

    @Test func ctrlDDeletesTheCharacterUnderTheCursorAndNeverSubmits() {
        var editor = editing("half-written", row: 0, column: 4)
        #expect(editor.apply(.control("d")) == .edited)
        #expect(editor.text == "halfwritten")
        #expect(editor.column == 4)
    }

    @Test func ctrlDAtTheEndOfTheTextDoesNothing() {
        var editor = TextEditor(text: "reply")
        #expect(editor.apply(.control("d")) == .ignored)
        #expect(editor.text == "reply")
        var empty = TextEditor()
        #expect(empty.apply(.control("d")) == .ignored)
    }

    @Test func ctrlDAtALineEndJoinsTheNextLineLikeDelete() {
        var editor = editing("ab\ncd", row: 0, column: 2)
        #expect(editor.apply(.control("d")) == .edited)
        #expect(editor.lines == ["abcd"])
    }

    @Test func onlyCtrlSSubmits() {
        var editor = TextEditor(text: "reply")
        #expect(editor.apply(.control("s")) == .submitted)
        for key: Key in [.control("d"), .alt(.character("s")), .alt(.enter), .alt(.control("s")), .function(2)] {
            #expect(editor.apply(key) != .submitted, "\(key.name)")
        }
    }

    @Test func altBAndAltFMoveByWordsAcrossLines() {
        var editor = TextEditor(text: "one, two\nthree")
        #expect(editor.apply(.alt(.character("b"))) == .edited)
        #expect(editor.row == 1 && editor.column == 0)
        _ = editor.apply(.alt(.character("b")))
        #expect(editor.row == 0 && editor.column == 5, "start of “two”")
        _ = editor.apply(.alt(.character("b")))
        #expect(editor.row == 0 && editor.column == 0)
        #expect(editor.apply(.alt(.character("b"))) == .ignored, "nothing before the first word")
        _ = editor.apply(.alt(.character("f")))
        #expect(editor.column == 3, "end of “one”, before the comma")
        _ = editor.apply(.alt(.character("f")))
        #expect(editor.row == 0 && editor.column == 8)
        _ = editor.apply(.alt(.character("f")))
        #expect(editor.row == 1 && editor.column == 5)
        #expect(editor.apply(.alt(.character("f"))) == .ignored)
    }

    @Test func altDDeletesTheWordAfterTheCursor() {
        var editor = editing("keep this, and that", row: 0, column: 4)
        #expect(editor.apply(.alt(.character("d"))) == .edited)
        #expect(editor.text == "keep, and that")
        #expect(editor.column == 4)
        var end = editing("ab\ncd", row: 0, column: 2)
        #expect(end.apply(.alt(.character("d"))) == .edited)
        #expect(end.lines == ["abcd"], "at a line end it takes the line break")
    }

    @Test func altBackspaceDeletesTheWordBeforeTheCursor() {
        var editor = TextEditor(text: "path/to/file")
        #expect(editor.apply(.alt(.backspace)) == .edited)
        #expect(editor.text == "path/to/")
    }

    @Test func otherAltChordsTypeNothing() {
        var editor = TextEditor(text: "text")
        for key: Key in [.alt(.character("y")), .alt(.character("n")), .alt(.character("u")), .alt(.character(":")), .alt(.escape)] {
            #expect(editor.apply(key) == .ignored)
        }
        #expect(editor.text == "text")
    }

    @Test func theSearchPromptTakesCtrlDAsDeleteForward() {
        var line = LineEditor(text: "abc")
        #expect(line.apply(.control("d")) == .ignored, "at the end: nothing")
        _ = line.apply(.home)
        #expect(line.apply(.control("d")) == .edited)
        #expect(line.text == "bc")
        #expect(line.apply(.alt(.character("d"))) == .ignored, "no Alt chords outside the reply editor")
    }

    @Test func aPasteIntoTheSearchPromptIsOneLine() {
        var line = LineEditor()
        #expect(line.apply(.paste("two\r\nlines\tand\u{1B}[31m red")) == .edited)
        #expect(line.text == "two lines and red")
    }

    @Test func aPasteIntoTheEditorKeepsItsLinesWithoutControls() {
        var editor = TextEditor()
        #expect(editor.apply(.paste("dear\r\nreader\r\u{7}\u{1B}[2Jbye")) == .edited)
        #expect(editor.lines == ["dear", "reader", "bye"])
    }
}
