import Testing
@testable import TerminalUI

struct TextEditorTests {
    private func typing(_ text: String, into editor: inout TextEditor) {
        for character in text {
            _ = editor.apply(character == "\n" ? .enter : .character(character))
        }
    }

    @Test func typingAndEnterBuildLines() {
        var editor = TextEditor()
        #expect(editor.isEmpty)
        typing("Hello\nworld", into: &editor)
        #expect(editor.lines == ["Hello", "world"])
        #expect(editor.text == "Hello\nworld")
        #expect(editor.row == 1 && editor.column == 5)
        #expect(!editor.isEmpty)
    }

    @Test func backspaceAndDeleteJoinLines() {
        var editor = TextEditor(text: "ab\ncd")
        _ = editor.apply(.home)
        #expect(editor.apply(.backspace) == .edited)
        #expect(editor.lines == ["abcd"])
        #expect(editor.column == 2)
        _ = editor.apply(.enter)
        _ = editor.apply(.up)
        _ = editor.apply(.end)
        #expect(editor.apply(.delete) == .edited)
        #expect(editor.lines == ["abcd"])
        #expect(editor.apply(.control("a")) == .edited)
        #expect(editor.apply(.backspace) == .ignored)
    }

    @Test func upDownKeepAGoalColumnByDisplayWidth() {
        var editor = TextEditor(text: "abcdef\n中文\nabcdef")
        _ = editor.apply(.up)
        _ = editor.apply(.up)
        _ = editor.apply(.end)                    // row 0, display column 6
        _ = editor.apply(.left)                   // column 5
        _ = editor.apply(.left)
        _ = editor.apply(.left)                   // column 3: the middle of 文 below
        #expect(editor.apply(.down) == .edited)
        #expect(editor.row == 1 && editor.column == 1)  // after 中 (display column 2)
        #expect(editor.apply(.down) == .edited)
        #expect(editor.row == 2 && editor.column == 3)  // goal column 3 remembered
        #expect(editor.apply(.down) == .ignored)
    }

    @Test func arrowsCrossLineEnds() {
        var editor = TextEditor(text: "ab\ncd")
        _ = editor.apply(.home)
        #expect(editor.apply(.left) == .edited)
        #expect(editor.row == 0 && editor.column == 2)
        #expect(editor.apply(.right) == .edited)
        #expect(editor.row == 1 && editor.column == 0)
    }

    @Test func killKeys() {
        var editor = TextEditor(text: "one two three\nnext")
        _ = editor.apply(.up)
        _ = editor.apply(.end)
        #expect(editor.apply(.control("w")) == .edited)
        #expect(editor.lines == ["one two ", "next"])
        #expect(editor.apply(.control("k")) == .edited)  // at line end: joins the next line
        #expect(editor.lines == ["one two next"])
        #expect(editor.apply(.control("k")) == .edited)
        #expect(editor.lines == ["one two "])
        #expect(editor.apply(.control("u")) == .edited)
        #expect(editor.lines == [""])
    }

    @Test func multiLinePasteIsSanitised() {
        var editor = TextEditor(text: "[]")
        _ = editor.apply(.left)
        #expect(editor.insert("one\r\ntwo\u{1B}[2J\tx\nthree") == .edited)
        #expect(editor.lines == ["[one", "two    x", "three]"])
        #expect(editor.row == 2 && editor.column == 5)
        #expect(editor.apply(.paste("\u{7F}")) == .ignored)
    }

    @Test func submitAndCancel() {
        var editor = TextEditor(text: "reply")
        #expect(editor.apply(.control("s")) == .submitted)
        #expect(editor.apply(.control("d")) == .ignored, "Ctrl-D deletes forward; at the end, nothing")
        #expect(editor.apply(.escape) == .cancelled)
        #expect(editor.apply(.tab) == .ignored)
        #expect(TextEditor(text: " \n ").isBlank)
    }

    @Test func layoutSoftWrapsAndPlacesTheCursor() {
        var editor = TextEditor(text: "the quick brown fox\n中文中文中文")
        var layout = editor.layout(width: 10)
        #expect(layout.lines == ["the quick ", "brown fox", "中文中文中", "文"])
        #expect(layout.cursorRow == 3 && layout.cursorColumn == 2)
        _ = editor.apply(.up)
        _ = editor.apply(.control("a"))
        for _ in 0..<10 { _ = editor.apply(.right) }    // just before "brown"
        layout = editor.layout(width: 10)
        #expect(layout.cursorRow == 1 && layout.cursorColumn == 0)
        for line in layout.lines { #expect(DisplayWidth.of(line) <= 10) }
    }

    @Test func cursorAfterAFullRowGetsARowOfItsOwn() {
        let editor = TextEditor(text: "abcd\nx")
        var atEnd = editor
        _ = atEnd.apply(.up)
        _ = atEnd.apply(.end)
        let layout = atEnd.layout(width: 4)
        #expect(layout.lines == ["abcd", "", "x"])
        #expect(layout.cursorRow == 1 && layout.cursorColumn == 0)
    }
}
