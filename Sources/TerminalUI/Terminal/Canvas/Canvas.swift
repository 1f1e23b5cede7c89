/// An in-memory grid of styled cells that views draw into.
///
/// A Canvas is a plain value: views are functions from state to Canvas, tests compare
/// its `text` snapshot, and the ncurses painter diffs two canvases to paint only what
/// changed. Every write is clipped: out-of-bounds coordinates, negative sizes and
/// 0×0 canvases are all harmless.
///
/// Invariants: a wide grapheme always has its continuation cell to its right (so it is
/// never cut in half), and no cell holds a control or bidi control character.
package struct Canvas: Sendable, Equatable {
    /// Number of columns.
    package let width: Int
    /// Number of rows.
    package let height: Int
    /// Row-major cells, `width * height` of them.
    private var cells: [CanvasCell]
    /// Cells that link somewhere (OSC 8), drawn as their cells are; see ``Hyperlink``.
    package var hyperlinks: [Hyperlink] = []

    /// A blank canvas; negative sizes are treated as 0.
    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(), count: self.width * self.height)
    }

    // MARK: Reading

    /// The cell at a position, or `nil` outside the canvas.
    package func cell(atX x: Int, y: Int) -> CanvasCell? {
        guard contains(x: x, y: y) else { return nil }
        return cells[y * width + x]
    }

    /// The style at a position, or `nil` outside the canvas.
    package func style(atX x: Int, y: Int) -> Style? {
        cell(atX: x, y: y)?.style
    }

    /// Row `y` as text (continuation cells skipped, trailing spaces kept); `""` outside.
    package func line(_ y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        var row = ""
        for x in 0..<width {
            row += cells[y * width + x].grapheme
        }
        return row
    }

    /// All rows joined with `"\n"`, optionally without trailing spaces on each row.
    package func text(trimmingTrailingSpaces: Bool) -> String {
        (0..<height).map { y in
            let row = line(y)
            guard trimmingTrailingSpaces else { return row }
            var trimmed = Substring(row)
            while trimmed.last == " " { trimmed.removeLast() }
            return String(trimmed)
        }.joined(separator: "\n")
    }

    /// The snapshot form: all rows joined with `"\n"`, trailing spaces trimmed per row.
    package var text: String { text(trimmingTrailingSpaces: true) }

    // MARK: Writing

    /// Writes one line of text starting at column `x` of row `y`, returning the number
    /// of columns written.
    ///
    /// The text is treated as a single line: control characters (including newline and
    /// tab), DEL, C1 controls and bidi controls are dropped, so a cell can never hold
    /// one — but escape-sequence *payloads* are only removed by `TextSanitizer`, which
    /// callers should apply to untrusted text first. Writing stops at the canvas edge and
    /// after `maxWidth` columns; a wide grapheme that does not fit whole leaves a blank
    /// instead of half a character. Columns left of 0 are skipped, not written.
    @discardableResult
    package mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        var limit = width
        if let maxWidth {
            guard maxWidth > 0 else { return 0 }
            let (end, overflow) = x.addingReportingOverflow(maxWidth)
            if !overflow { limit = min(limit, end) }
        }
        guard x < limit else { return 0 }
        var column = x
        var written = 0
        for character in Canvas.cellSafe(text) {
            let w = DisplayWidth.of(character)
            if w == 0 { continue }
            if column + w > limit {
                if column >= 0 && column < limit {
                    setCells(x: column, y: y, grapheme: " ", columns: 1, style: style)
                    written += 1
                }
                break
            }
            if column < 0 {
                if column + w > 0 {
                    // The right half of a wide grapheme would land in column 0.
                    setCells(x: 0, y: y, grapheme: " ", columns: 1, style: style)
                    written += 1
                }
            } else {
                setCells(x: column, y: y, grapheme: String(character), columns: w, style: style)
                written += w
            }
            column += w
        }
        return written
    }

    /// Fills a rectangle with spaces in `style` (clipped to the canvas).
    package mutating func fill(x: Int, y: Int, width: Int, height: Int, style: Style = .plain) {
        let left = max(0, x)
        let right = min(self.width, x.addingReportingOverflow(max(0, width)).partialValue)
        let top = max(0, y)
        let bottom = min(self.height, y.addingReportingOverflow(max(0, height)).partialValue)
        guard left < right, top < bottom else { return }
        let spaces = String(repeating: " ", count: right - left)
        for row in top..<bottom {
            put(spaces, x: left, y: row, style: style)
        }
    }

    /// Blanks the whole canvas.
    package mutating func clear(style: Style = .plain) {
        cells = Array(repeating: .blank(style), count: width * height)
    }

    /// Draws a box outline with Unicode line characters (see `BoxGlyphs`) and an optional
    /// title on the top edge (sanitised to one line and truncated with "…" to fit).
    /// Boxes smaller than 2×2 are not drawn; the inside is left untouched.
    package mutating func drawBox(x: Int, y: Int, width: Int, height: Int, title: String? = nil, style: Style = .plain) {
        guard width >= 2, height >= 2 else { return }
        let inner = width - 2
        let horizontal = String(repeating: BoxGlyphs.horizontal, count: inner)
        put(BoxGlyphs.topLeft + horizontal + BoxGlyphs.topRight, x: x, y: y, style: style)
        put(BoxGlyphs.bottomLeft + horizontal + BoxGlyphs.bottomRight, x: x, y: y + height - 1, style: style)
        for row in (y + 1)..<(y + height - 1) {
            put(BoxGlyphs.vertical, x: x, y: row, style: style)
            put(BoxGlyphs.vertical, x: x + width - 1, y: row, style: style)
        }
        if let title, inner >= 3 {
            // " title " sits after the corner and one line character: ┌─ title ───┐
            let room = inner - 3
            let label = DisplayWidth.truncate(TextSanitizer.singleLine(title), toWidth: room)
            if !label.isEmpty {
                put(" " + label + " ", x: x + 2, y: y, style: style, maxWidth: inner - 1)
            }
        }
    }

    // MARK: Internals

    private func contains(x: Int, y: Int) -> Bool {
        x >= 0 && x < width && y >= 0 && y < height
    }

    /// Characters of `text` with every forbidden scalar removed (fast path for plain ASCII).
    private static func cellSafe(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !TextSanitizer.isForbidden(scalar) {
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Writes a grapheme `columns` wide at (x, y), which must be inside the canvas
    /// together with its continuation, and repairs wide graphemes it partly overwrites.
    private mutating func setCells(x: Int, y: Int, grapheme: String, columns: Int, style: Style) {
        let rowStart = y * width
        let end = x + columns
        // Overwriting the right half of a wide grapheme orphans its left half.
        if cells[rowStart + x].isContinuation, x > 0 {
            cells[rowStart + x - 1].grapheme = " "
        }
        // Overwriting the left half of a wide grapheme orphans its right half.
        if end < width, cells[rowStart + end].isContinuation {
            cells[rowStart + end].grapheme = " "
        }
        cells[rowStart + x] = CanvasCell(grapheme: grapheme, style: style)
        if columns == 2 {
            cells[rowStart + x + 1] = CanvasCell(grapheme: "", style: style)
        }
    }
}
