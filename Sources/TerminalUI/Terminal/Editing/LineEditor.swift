/// The state of a one-line prompt (search, filter, confirmation input).
///
/// A plain value, so it can live in a main-actor store: the store applies keys and the
/// view draws `render(width:)`. The text never holds a control character or newline:
/// everything inserted goes through `TextSanitizer.singleLine`.
///
/// Keys: printable characters insert (wide ones too); Backspace, Delete and Ctrl-D (the
/// character under the cursor, as in readline); Left/Right; Home/End and Ctrl-A/Ctrl-E;
/// Ctrl-U deletes to the start, Ctrl-K to the end, Ctrl-W the previous word; a paste
/// inserts (flattened to one line); Enter submits; Esc cancels. Alt chords are ignored.
package struct LineEditor: Sendable, Equatable {
    /// What a key did.
    package typealias Outcome = EditorOutcome

    private var line: GraphemeLine
    /// Cursor position as a grapheme index, 0…`text.count`.
    package private(set) var cursor: Int

    /// An editor holding `text` (sanitised to one line), cursor at the end.
    package init(text: String = "") {
        line = GraphemeLine(TextSanitizer.singleLine(text))
        cursor = line.count
    }

    /// The current text.
    package var text: String { line.string }

    /// Whether the text is empty.
    package var isEmpty: Bool { line.isEmpty }

    /// Applies one key.
    package mutating func apply(_ key: Key) -> Outcome {
        switch key {
        case .character(let c): return insert(String(c))
        case .paste(let s): return insert(s)
        case .enter: return .submitted
        case .escape: return .cancelled
        case .backspace: return delete(cursor - 1..<cursor)
        case .delete, .control("d"): return delete(cursor..<cursor + 1)
        case .left: return move(to: cursor - 1)
        case .right: return move(to: cursor + 1)
        case .home, .control("a"): return move(to: 0)
        case .end, .control("e"): return move(to: line.count)
        case .control("u"): return delete(0..<cursor)
        case .control("k"): return delete(cursor..<line.count)
        case .control("w"): return delete(line.wordStart(before: cursor)..<cursor)
        default: return .ignored
        }
    }

    /// Inserts text at the cursor (sanitised and flattened to one line).
    @discardableResult
    package mutating func insert(_ s: String) -> Outcome {
        let clean = TextSanitizer.sanitize(s).map { $0 == "\n" || $0 == "\t" ? " " : $0 }
        guard !clean.isEmpty else { return .ignored }
        cursor = line.replace(cursor..<cursor, with: String(clean))
        return .edited
    }

    private mutating func delete(_ range: Range<Int>) -> Outcome {
        let lower = max(0, range.lowerBound)
        let upper = min(line.count, range.upperBound)
        guard lower < upper else { return .ignored }
        cursor = line.replace(lower..<upper, with: "")
        return .edited
    }

    private mutating func move(to position: Int) -> Outcome {
        let target = min(max(0, position), line.count)
        guard target != cursor else { return .ignored }
        cursor = target
        return .edited
    }

    /// The part of the text to show in `width` columns and the cursor's column in it.
    ///
    /// Scrolls horizontally so the cursor is always visible, keeping one column free for
    /// the cursor itself when it sits at the end. Never splits a grapheme or exceeds
    /// `width`. Stateless: the same editor always renders the same way.
    package func render(width: Int) -> (visible: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        let cursorWidth = line.width(upTo: cursor)
        var start = 0
        var startWidth = 0
        // Leave room for the cursor cell after the text before it.
        while start < cursor, cursorWidth - startWidth > width - 1 {
            startWidth += DisplayWidth.of(line.characters[start])
            start += 1
        }
        let column = cursorWidth - startWidth
        let visible = DisplayWidth.prefix(of: line.text(start..<line.count), fittingIn: width)
        return (visible, min(column, width - 1))
    }
}
