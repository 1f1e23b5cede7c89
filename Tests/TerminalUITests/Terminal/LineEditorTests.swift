import Testing
@testable import TerminalUI

struct LineEditorTests {
    private func typing(_ text: String, into editor: inout LineEditor) {
        for character in text { _ = editor.apply(.character(character)) }
    }

    @Test func insertsAndMovesByGraphemes() {
        var editor = LineEditor()
        typing("a中😀b", into: &editor)
        #expect(editor.text == "a中😀b")
        #expect(editor.cursor == 4)
        #expect(editor.apply(.left) == .edited)
        #expect(editor.apply(.left) == .edited)
        #expect(editor.apply(.backspace) == .edited)
        #expect(editor.text == "a😀b")
        #expect(editor.apply(.delete) == .edited)
        #expect(editor.text == "ab")
        #expect(editor.cursor == 1)
    }

    @Test func combiningMarksMergeWithTheirBase() {
        var editor = LineEditor()
        typing("e", into: &editor)
        #expect(editor.apply(.character("\u{301}")) == .edited)
        #expect(editor.text == "é")
        #expect(editor.cursor == 1)
    }

    @Test func homeEndAndControlKeys() {
        var editor = LineEditor(text: "hello big world")
        #expect(editor.apply(.control("w")) == .edited)
        #expect(editor.text == "hello big ")
        #expect(editor.apply(.control("a")) == .edited)
        #expect(editor.cursor == 0)
        #expect(editor.apply(.home) == .ignored)
        #expect(editor.apply(.right) == .edited)
        #expect(editor.apply(.control("k")) == .edited)
        #expect(editor.text == "h")
        #expect(editor.apply(.end) == .ignored)
        typing("ey", into: &editor)
        #expect(editor.apply(.left) == .edited)
        #expect(editor.apply(.control("u")) == .edited)
        #expect(editor.text == "y")
        #expect(editor.cursor == 0)
        #expect(editor.apply(.control("e")) == .edited)
        #expect(editor.cursor == 1)
    }

    @Test func submitCancelAndIgnore() {
        var editor = LineEditor(text: "x")
        #expect(editor.apply(.enter) == .submitted)
        #expect(editor.apply(.escape) == .cancelled)
        #expect(editor.apply(.pageDown) == .ignored)
        #expect(editor.apply(.backspace) == .edited)
        #expect(editor.apply(.backspace) == .ignored)
        #expect(editor.isEmpty)
    }

    @Test func pastesAreSanitisedToOneLine() {
        var editor = LineEditor(text: "a\nb")
        #expect(editor.text == "a b")
        #expect(editor.apply(.paste("x\u{1B}[31my\nz\u{202E}")) == .edited)
        #expect(editor.text == "a bxy z")
        #expect(editor.apply(.paste("\u{1B}[0m")) == .ignored)
    }

    @Test func renderScrollsToKeepTheCursorVisible() {
        var editor = LineEditor(text: "abcdefghij")
        #expect(editor.render(width: 20) == ("abcdefghij", 10))
        #expect(editor.render(width: 5) == ("ghij", 4))
        for _ in 0..<10 { _ = editor.apply(.left) }
        #expect(editor.render(width: 5) == ("abcde", 0))
        #expect(editor.render(width: 0) == ("", 0))
    }

    @Test func renderNeverSplitsWideCharacters() {
        let editor = LineEditor(text: "中文字符")
        let (visible, column) = editor.render(width: 5)
        #expect(visible == "字符")
        #expect(column == 4)
        var start = editor
        _ = start.apply(.home)
        #expect(start.render(width: 5) == ("中文", 0))
    }
}
