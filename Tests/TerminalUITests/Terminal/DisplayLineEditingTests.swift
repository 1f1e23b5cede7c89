import Testing
@testable import TerminalUI

/// The reply editor by display line: Up/Down through a wrapped paragraph, Ctrl-Left/Right
/// by word, and the box growing with its text up to half the list (issue 16).
@MainActor
@Suite struct DisplayLineEditingTests {
    @Test func downAndUpMoveThroughAWrappedParagraph() {
        // Width 10: "aaaa bbbb " / "cccc dddd " / "eeee"
        var editor = TextEditor(text: "aaaa bbbb cccc dddd eeee")
        _ = editor.apply(.home)
        _ = editor.apply(.right)
        _ = editor.apply(.right)
        #expect(editor.moveByDisplayLine(1, width: 10) == .edited)
        #expect(editor.row == 0 && editor.column == 12, "same column, next display row")
        #expect(editor.moveByDisplayLine(1, width: 10) == .edited)
        #expect(editor.column == 22)
        #expect(editor.moveByDisplayLine(1, width: 10) == .ignored, "the last row of the last line")
        #expect(editor.moveByDisplayLine(-1, width: 10) == .edited)
        #expect(editor.column == 12)
    }

    @Test func movesCrossIntoTheNextLineAndKeepTheGoalColumn() {
        var editor = TextEditor(text: "aaaa bbbb cc\nxy\nlong line here")
        _ = editor.apply(.up)
        _ = editor.apply(.up)
        _ = editor.apply(.home)  // forgets the goal column of the plain Up presses
        _ = editor.apply(.end)  // row 0, after "cc": display row 1, column 2
        #expect(editor.moveByDisplayLine(1, width: 10) == .edited)
        #expect(editor.row == 1 && editor.column == 2, "the short line's end")
        #expect(editor.moveByDisplayLine(1, width: 10) == .edited)
        #expect(editor.row == 2 && editor.column == 2, "the goal column held")
        #expect(editor.moveByDisplayLine(-1, width: 10) == .edited)
        #expect(editor.moveByDisplayLine(-1, width: 10) == .edited)
        #expect(editor.row == 0 && editor.column == 12)
    }

    @Test func aWrappedRowsEndIsNotTheNextRowsStart() {
        var editor = TextEditor(text: "aaaa bbbb cccc")
        _ = editor.apply(.end)  // display row 1 ("cccc"), column 4
        #expect(editor.moveByDisplayLine(-1, width: 10) == .edited)
        #expect(editor.column == 4, "column 4 of \"aaaa bbbb \"")
        #expect(editor.layout(width: 10).cursorRow == 0)
    }

    @Test func ctrlArrowsMoveByWord() {
        var editor = TextEditor(text: "one two three")
        #expect(editor.apply(.controlLeft) == .edited)
        #expect(editor.column == 8)
        #expect(editor.apply(.controlLeft) == .edited)
        #expect(editor.column == 4)
        #expect(editor.apply(.controlRight) == .edited)
        #expect(editor.column == 7)
    }

    @Test func theBoxGrowsWithWrappedTextUpToHalfTheList() {
        let list = Rect(x: 0, y: 1, width: 80, height: 40)
        #expect(Layout.composerHeight(for: TextEditor(text: "short"), list: list) == 5)
        let paragraph = TextEditor(text: String(repeating: "word ", count: 100))  // one line of text, 8 rows at 74 columns
        #expect(paragraph.layout(width: 74).lines.count == 8)
        #expect(Layout.composerHeight(for: paragraph, list: list) == 10)
        let essay = TextEditor(text: String(repeating: "word ", count: 600))
        #expect(Layout.composerHeight(for: essay, list: list) == 20, "half the list, then it scrolls")
    }

    @Test func upAndDownInTheOpenEditorMoveByDisplayLine() async throws {
        let app = try UIHarness(width: 80, height: 30)
        try await app.start()
        app.press(.character("r"))
        app.type(String(repeating: "word ", count: 40))  // 200 columns at 74: 3 rows
        app.press(.up)
        guard case .compose(let composer) = app.ui.state.mode else {
            Issue.record("the editor is open")
            return
        }
        #expect(composer.editor.row == 0)
        #expect(composer.editor.layout(width: Layout.composerTextWidth(listWidth: 80)).cursorRow == 1, "one display row up, still in the paragraph")
        let box = app.screen.split(separator: "\n").filter { $0.contains("│ word") }
        #expect(box.count == 3, "the box shows all three rows")
    }
}
