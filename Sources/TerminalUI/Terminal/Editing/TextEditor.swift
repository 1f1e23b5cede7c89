/// The state of the multi-line reply editor.
///
/// A plain value for a main-actor store. Text is a list of lines of grapheme clusters;
/// the cursor is (row, grapheme column). Everything inserted is sanitised, so the text
/// holds no controls except the line breaks between lines.
///
/// Keys, readline-like: printable characters insert; Enter breaks the line;
/// Backspace/Delete join lines at the edges, and Ctrl-D deletes like Delete (at the end
/// of the text it does nothing — it never sends); Left/Right cross line ends; Up/Down
/// keep a goal column measured in display columns (so moving through CJK text stays
/// visually straight); Home/End and Ctrl-A/Ctrl-E; Alt-b/Alt-f move a word left/right
/// (words are letters and digits, crossing line ends); Ctrl-U deletes to the line start,
/// Ctrl-K to the line end (or joins the next line when already there), Ctrl-W the
/// previous word (up to whitespace), Alt-Backspace / Alt-d the word before / after the
/// cursor; a paste inserts (multi-line); Ctrl-S submits — the only key that does; Esc
/// cancels. Tab, other Alt chords and other keys are `.ignored`, left to the app.
package struct TextEditor: Sendable, Equatable {
    /// What a key did.
    package typealias Outcome = EditorOutcome

    /// The Alt chords ``apply(_:)`` takes (any other is the Esc and key it was typed as:
    /// ``KeyMap/keys(for:in:)``).
    package static let altChords: Set<Key> = [
        .alt(.character("b")), .alt(.character("f")), .alt(.character("d")), .alt(.backspace),
    ]

    private var buffer: [GraphemeLine]
    /// Cursor row (index into `lines`).
    package private(set) var row: Int
    /// Cursor column as a grapheme index in its row.
    package private(set) var column: Int
    /// Display column Up/Down aim for; set by vertical moves, cleared by everything else.
    private var goalColumn: Int?

    /// An editor holding `text` (sanitised), cursor at the end.
    package init(text: String = "") {
        buffer = [GraphemeLine()]
        row = 0
        column = 0
        goalColumn = nil
        insert(text)
    }

    /// The lines of text.
    package var lines: [String] { buffer.map(\.string) }

    /// The whole text, lines joined with "\n".
    package var text: String { lines.joined(separator: "\n") }

    /// Whether there is no text at all (a single empty line).
    package var isEmpty: Bool { buffer.count == 1 && buffer[0].isEmpty }

    /// Whether the text is empty or only whitespace (nothing worth submitting).
    package var isBlank: Bool { buffer.allSatisfy { $0.characters.allSatisfy(\.isWhitespace) } }

    /// Applies one key.
    package mutating func apply(_ key: Key) -> Outcome {
        let vertical = key == .up || key == .down
        let outcome = handle(key)
        if !vertical && outcome == .edited { goalColumn = nil }
        return outcome
    }

    private mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let c): return insert(String(c))
        case .paste(let s): return insert(s)
        case .enter: return insert("\n")
        case .escape: return .cancelled
        case .control("s"): return .submitted
        case .backspace: return backspace()
        case .delete, .control("d"): return deleteForward()
        case .left: return moveLeft()
        case .right: return moveRight()
        case .up: return moveVertically(by: -1)
        case .down: return moveVertically(by: 1)
        case .home, .control("a"): return moveTo(row: row, column: 0)
        case .end, .control("e"): return moveTo(row: row, column: buffer[row].count)
        case .control("u"): return deleteInLine(0..<column)
        case .control("k"):
            return column == buffer[row].count ? deleteForward() : deleteInLine(column..<buffer[row].count)
        case .control("w"):
            return column == 0 ? backspace() : deleteInLine(buffer[row].wordStart(before: column)..<column)
        case .alt(.character("b")), .controlLeft: return moveWordLeft()
        case .alt(.character("f")), .controlRight: return moveWordRight()
        case .alt(.character("d")): return deleteWordForward()
        case .alt(.backspace): return deleteWordBackward()
        default: return .ignored
        }
    }

    /// Alt-b: to the start of this word or the previous one, through earlier lines.
    private mutating func moveWordLeft() -> Outcome {
        var target = (row: row, column: column)
        while true {
            if let start = buffer[target.row].alphanumericWordStart(before: target.column) {
                return moveTo(row: target.row, column: start)
            }
            guard target.row > 0 else { return moveTo(row: target.row, column: 0) }
            target = (target.row - 1, buffer[target.row - 1].count)
        }
    }

    /// Alt-f: to the end of this word or the next one, through later lines.
    private mutating func moveWordRight() -> Outcome {
        var target = (row: row, column: column)
        while true {
            if let end = buffer[target.row].alphanumericWordEnd(after: target.column) {
                return moveTo(row: target.row, column: end)
            }
            guard target.row + 1 < buffer.count else { return moveTo(row: target.row, column: buffer[target.row].count) }
            target = (target.row + 1, 0)
        }
    }

    /// Alt-d: deletes to the end of the word after the cursor; with no word left on the
    /// line, the rest of the line, then the line break.
    private mutating func deleteWordForward() -> Outcome {
        let end = buffer[row].alphanumericWordEnd(after: column) ?? buffer[row].count
        return end > column ? deleteInLine(column..<end) : deleteForward()
    }

    /// Alt-Backspace: deletes back to the start of the word before the cursor; with no
    /// word before it on the line, the start of the line, then the line break.
    private mutating func deleteWordBackward() -> Outcome {
        let start = buffer[row].alphanumericWordStart(before: column) ?? 0
        return start < column ? deleteInLine(start..<column) : backspace()
    }

    /// Inserts text at the cursor; newlines in it split lines (a multi-line paste).
    /// The text is sanitised first; tabs become four spaces.
    @discardableResult
    package mutating func insert(_ s: String) -> Outcome {
        let clean = TextSanitizer.sanitize(s).replacingTabs()
        guard !clean.isEmpty else { return .ignored }
        let pieces = clean.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let tail = buffer[row].text(column..<buffer[row].count)
        var current = buffer[row]
        current.replace(column..<current.count, with: pieces[0])
        buffer[row] = current
        for piece in pieces.dropFirst() {
            row += 1
            buffer.insert(GraphemeLine(piece), at: row)
        }
        column = buffer[row].count
        buffer[row].replace(column..<column, with: tail)
        column = min(column, buffer[row].count)
        goalColumn = nil
        return .edited
    }

    private mutating func backspace() -> Outcome {
        if column > 0 { return deleteInLine(column - 1..<column) }
        guard row > 0 else { return .ignored }
        let joined = buffer.remove(at: row)
        row -= 1
        column = buffer[row].count
        buffer[row].replace(column..<column, with: joined.string)
        return .edited
    }

    private mutating func deleteForward() -> Outcome {
        if column < buffer[row].count { return deleteInLine(column..<column + 1) }
        guard row + 1 < buffer.count else { return .ignored }
        let joined = buffer.remove(at: row + 1)
        buffer[row].replace(column..<column, with: joined.string)
        return .edited
    }

    private mutating func deleteInLine(_ range: Range<Int>) -> Outcome {
        guard !range.isEmpty else { return .ignored }
        column = buffer[row].replace(range, with: "")
        return .edited
    }

    private mutating func moveLeft() -> Outcome {
        if column > 0 { return moveTo(row: row, column: column - 1) }
        guard row > 0 else { return .ignored }
        return moveTo(row: row - 1, column: buffer[row - 1].count)
    }

    private mutating func moveRight() -> Outcome {
        if column < buffer[row].count { return moveTo(row: row, column: column + 1) }
        guard row + 1 < buffer.count else { return .ignored }
        return moveTo(row: row + 1, column: 0)
    }

    private mutating func moveVertically(by delta: Int) -> Outcome {
        let target = row + delta
        guard target >= 0, target < buffer.count else { return .ignored }
        let goal = goalColumn ?? buffer[row].width(upTo: column)
        goalColumn = goal
        return moveTo(row: target, column: buffer[target].position(atColumn: goal))
    }

    /// Up/Down by display line: one visual row of the text soft-wrapped to `width` (as
    /// ``layout(width:)`` wraps it), keeping the goal column, crossing into the previous or
    /// next line at its ends. A long paragraph is one line of text but many rows on screen;
    /// plain Up/Down (``apply(_:)``) jump whole lines.
    package mutating func moveByDisplayLine(_ delta: Int, width: Int) -> Outcome {
        let width = max(2, width)
        let segments = Self.segments(of: buffer[row], width: width)
        let current = Self.segmentIndex(of: column, in: segments)
        let goal = goalColumn ?? (buffer[row].width(upTo: column) - buffer[row].width(upTo: segments[current].lowerBound))
        var targetRow = row
        var targetSegment = current + delta
        if targetSegment < 0 {
            guard row > 0 else { return .ignored }
            targetRow = row - 1
            targetSegment = Self.segments(of: buffer[targetRow], width: width).count - 1
        } else if targetSegment >= segments.count {
            guard row + 1 < buffer.count else { return .ignored }
            targetRow = row + 1
            targetSegment = 0
        }
        let line = buffer[targetRow]
        let lineSegments = targetRow == row ? segments : Self.segments(of: line, width: width)
        let segment = lineSegments[targetSegment]
        let isLast = targetSegment == lineSegments.count - 1
        // A column at a wrapped row's end belongs to the next row: stop one short of it.
        let last = isLast ? segment.upperBound : max(segment.lowerBound, segment.upperBound - 1)
        let position = line.position(atColumn: line.width(upTo: segment.lowerBound) + goal)
        let outcome = moveTo(row: targetRow, column: min(max(segment.lowerBound, position), last))
        goalColumn = goal
        return outcome
    }

    /// Which segment holds grapheme `column` (the last one holds the end of the line).
    private static func segmentIndex(of column: Int, in segments: [Range<Int>]) -> Int {
        segments.firstIndex { column < $0.upperBound } ?? max(0, segments.count - 1)
    }

    private mutating func moveTo(row newRow: Int, column newColumn: Int) -> Outcome {
        guard newRow != row || newColumn != column else { return .ignored }
        row = newRow
        column = newColumn
        return .edited
    }

    // MARK: Layout

    /// The text soft-wrapped to `width` columns (at spaces when possible, otherwise at
    /// grapheme boundaries) and where the cursor lands. Widths below 2 are treated as 2
    /// so a wide grapheme always fits a row. A cursor after a full row moves to the start
    /// of the next visual row (added empty if needed), so the cursor never sits beyond
    /// the last column.
    package func layout(width: Int) -> TextLayout {
        let width = max(2, width)
        var rows: [String] = []
        var cursorRow = 0
        var cursorColumn = 0
        for (index, line) in buffer.enumerated() {
            let segments = Self.segments(of: line, width: width)
            if index == row {
                let place = Self.cursorPlace(column: column, in: line, segments: segments)
                cursorRow = rows.count + place.segment
                cursorColumn = place.column
            }
            rows += segments.map { line.text($0) }
        }
        if cursorColumn >= width {
            // Only possible at the end of the cursor's logical line: the next visual row
            // belongs to another line, so give the cursor an empty row of its own.
            cursorRow += 1
            cursorColumn = 0
            rows.insert("", at: cursorRow)
        }
        return TextLayout(lines: rows, cursorRow: cursorRow, cursorColumn: cursorColumn)
    }

    /// Grapheme ranges of the visual rows of one logical line.
    static func segments(of line: GraphemeLine, width: Int) -> [Range<Int>] {
        let characters = line.characters
        // Each grapheme measured once: the box's height, the cursor moves and the drawing
        // all wrap the text on every key, and a paragraph can be thousands of graphemes.
        let widths = characters.map(DisplayWidth.of)
        var segments: [Range<Int>] = []
        var start = 0
        var used = 0
        var breakAfterSpace: Int?
        var index = 0
        while index < characters.count {
            let w = widths[index]
            if used + w > width && index > start {
                let end = breakAfterSpace.flatMap { $0 > start ? $0 : nil } ?? index
                segments.append(start..<end)
                start = end
                used = widths[start..<index].reduce(0, +)
                breakAfterSpace = nil
                continue
            }
            used += w
            if characters[index] == " " { breakAfterSpace = index + 1 }
            index += 1
        }
        segments.append(start..<characters.count)
        return segments
    }

    /// Which segment holds the cursor and its display column within it.
    private static func cursorPlace(column: Int, in line: GraphemeLine, segments: [Range<Int>]) -> (segment: Int, column: Int) {
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            if column < segment.upperBound || isLast {
                return (index, line.width(upTo: column) - line.width(upTo: segment.lowerBound))
            }
        }
        return (0, 0)
    }
}

private extension String {
    /// Tabs as four spaces: cells cannot hold a tab, and the width of a tab depends on
    /// where it lands, which the editor cannot know.
    ///
    /// Works on scalars, never on Characters or Foundation's `contains(_:)`: a tab followed
    /// by a combining mark ("\t\u{301}") is one composed sequence to Foundation's substring
    /// search, which then finds no "\t" in it, and the tab stayed in the text.
    func replacingTabs() -> String {
        guard unicodeScalars.contains("\t") else { return self }
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == "\t" {
                result.append(contentsOf: "    ".unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
