import Testing
@testable import TerminalUI

/// Issue 17, defect 1: a tab followed by a combining mark stayed in the reply editor's text,
/// because Foundation's substring search sees "\t\u{301}" as one composed sequence and
/// found no tab in it.
struct TabWithCombiningMarkTests {
    @Test func aPastedTabFollowedByACombiningMarkBecomesSpaces() {
        var editor = TextEditor()
        _ = editor.apply(.paste("\t\u{301}"))
        #expect(editor.lines == ["    \u{301}"])
        #expect(!editor.text.unicodeScalars.contains("\t"))
    }

    @Test func editingACommentWithTabAndCombiningMarkSavesNoTab() {
        var editor = TextEditor(text: "A\t\u{301}B")
        _ = editor.apply(.character("X"))
        #expect(editor.text == "A    \u{301}BX")
    }

    @Test func aPlainTabStillBecomesSpaces() {
        let editor = TextEditor(text: "C\tD")
        #expect(editor.text == "C    D")
    }

    @Test func theFuzzersTextLeavesNoTabOnTheSecondLine() {
        // From the fuzz input c40a09dba4…: "\n\t" and U+06E4 (a combining mark).
        let editor = TextEditor(text: "\n\t\u{6E4}")
        #expect(editor.lines == ["", "    \u{6E4}"])
    }

    @Test func everyTabOfAMultiLinePasteBecomesSpaces() {
        var editor = TextEditor()
        _ = editor.apply(.paste("\n\t\u{6E4}x\t\n\t"))
        #expect(editor.lines == ["", "    \u{6E4}x    ", "    "])
    }
}
