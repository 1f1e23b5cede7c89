import TerminalUI

/// Whatever keys arrive, both editors keep their promises: no control character in their
/// text, the cursor inside it, and their layouts inside the width they were given.
enum EditorCheck {
    /// Keys between two checks of the whole text and layout (each is linear in the text,
    /// so checking them after every key made long inputs quadratic: 400 runs a second).
    /// The cursor and the edited line are checked after every key.
    static let fullCheckInterval = 16

    static func run(_ input: [UInt8]) throws(FuzzViolation) {
        let script = KeyScript(input)
        var editor = TextEditor(text: script.initialText)
        var line = LineEditor(text: script.initialText)
        var decoder = KeyStreamDecoder()
        try requireInvariants(editor, width: script.width, after: "the initial text", full: true)
        try requireInvariants(line, width: script.width, after: "the initial text")
        var applied = 0
        for (number, step) in script.steps.enumerated() {
            let keys: [Key]
            switch step {
            case .raw(let raw): keys = decoder.decode(raw)
            case .endOfInput: keys = decoder.endOfInput()
            }
            for key in keys {
                _ = editor.apply(key)
                _ = line.apply(key)
                applied += 1
                let full = applied % fullCheckInterval == 0
                try requireInvariants(editor, width: script.width, after: "key \(number) \(key)", full: full)
                try requireInvariants(line, width: script.width, after: "key \(number) \(key)")
            }
        }
        try requireInvariants(editor, width: script.width, after: "the last key", full: true)
    }

    private static func requireInvariants(_ editor: TextEditor, width: Int, after step: String, full: Bool) throws(FuzzViolation) {
        let lines = editor.lines
        try require(!lines.isEmpty, "TextEditor has no line after \(step)")
        try require(editor.row >= 0 && editor.row < lines.count, "TextEditor row \(editor.row) of \(lines.count) lines after \(step)")
        let rowLength = lines[editor.row].count
        try require(editor.column >= 0 && editor.column <= rowLength, "TextEditor column \(editor.column) in a line of \(rowLength) after \(step)")
        try TerminalSafety.requireSafe(lines[editor.row], "TextEditor line \(editor.row) after \(step)", allowing: [])
        guard full else { return }
        for (index, text) in lines.enumerated() {
            try TerminalSafety.requireSafe(text, "TextEditor line \(index) after \(step)", allowing: [])
        }
        let layout = editor.layout(width: width)
        let room = max(2, width)
        try require(layout.cursorRow >= 0 && layout.cursorRow < layout.lines.count, "TextEditor layout cursor row \(layout.cursorRow) of \(layout.lines.count) after \(step)")
        try require(layout.cursorColumn >= 0 && layout.cursorColumn < room, "TextEditor layout cursor column \(layout.cursorColumn) at width \(room) after \(step)")
        for row in layout.lines where DisplayWidth.of(row) > room {
            throw FuzzViolation("TextEditor layout row \(TerminalSafety.show(row)) wider than \(room) after \(step)")
        }
    }

    private static func requireInvariants(_ editor: LineEditor, width: Int, after step: String) throws(FuzzViolation) {
        try TerminalSafety.requireSafe(editor.text, "LineEditor text after \(step)", allowing: [])
        try require(editor.cursor >= 0 && editor.cursor <= editor.text.count, "LineEditor cursor \(editor.cursor) in \(editor.text.count) after \(step)")
        let (visible, column) = editor.render(width: width)
        try require(DisplayWidth.of(visible) <= width, "LineEditor shows \(TerminalSafety.show(visible)) in \(width) columns after \(step)")
        try require(column >= 0 && column < width, "LineEditor cursor column \(column) at width \(width) after \(step)")
    }
}
