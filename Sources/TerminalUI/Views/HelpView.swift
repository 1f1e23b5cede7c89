import CommentsKit

/// The `?` overlay: every key of the context underneath, generated from the ``KeyMap``,
/// in two columns when one does not fit the terminal's height. A description too long
/// for its column wraps under itself ("delete permanently (asks f" lost its end); an
/// entry is never split between the columns.
enum HelpView {
    static func draw(into canvas: inout Canvas, model: ScreenModel) {
        var underneath = model.ui
        underneath.isHelpVisible = false
        let context = underneath.keyContext
        let lines = withUndoStep(model.keyMap.help(for: context), bindings: model.keyMap.bindings[context] ?? [], model: model)
            + HelpLegend.lines(for: context)
        let keyWidth = min(16, lines.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let maxRows = max(1, canvas.height - 6)
        let oneColumn = entries(lines, helpWidth: min(60, canvas.width - 6) - keyWidth - 4)
        let columns = oneColumn.reduce(0) { $0 + $1.help.count } > maxRows && canvas.width >= 76 ? 2 : 1
        let columnWidth = min(60, (canvas.width - 6) / columns)
        // One column is left blank between a description and the next column's keys.
        let wrapped = columns == 1 ? oneColumn : entries(lines, helpWidth: columnWidth - keyWidth - 4)
        let placement = place(wrapped.map(\.help.count), columns: columns, maxRows: maxRows)
        let width = columnWidth * columns + 4
        let height = placement.rows + 4
        guard width >= 20, height >= 4, canvas.height >= height else { return }
        let x = (canvas.width - width) / 2, y = (canvas.height - height) / 2
        canvas.fill(x: x, y: y, width: width, height: height)
        canvas.drawBox(x: x, y: y, width: width, height: height, title: " Keys: \(context.title) ", style: Theme.focusedBorder)
        for (entry, spot) in zip(wrapped, placement.spots) {
            let left = x + 2 + spot.column * columnWidth
            let top = y + 1 + spot.row
            canvas.put(DisplayWidth.pad(DisplayWidth.truncate(entry.keys, toWidth: keyWidth), toWidth: keyWidth), x: left, y: top, style: Theme.title)
            for (offset, help) in entry.help.enumerated() {
                canvas.put(help, x: left + keyWidth + 2, y: top + offset, maxWidth: columnWidth - keyWidth - 3)
            }
        }
        let hidden = wrapped.count - placement.spots.count
        let footer = hidden > 0 ? "\(hidden) more on a taller terminal · ? or Esc closes" : "? or Esc closes"
        canvas.put(TextWrapper.truncateAtWord(footer, toWidth: width - 4), x: x + 2, y: y + height - 2, style: Theme.dim)
    }

    /// Each entry's keys and its description wrapped to `helpWidth` columns.
    static func entries(_ lines: [(keys: String, help: String)], helpWidth: Int) -> [(keys: String, help: [String])] {
        lines.map { ($0.keys, TextWrapper.wrap($0.help, width: max(1, helpWidth))) }
    }

    /// Where entries of the given heights go, in order, down the first column and then the
    /// next: the fewest rows (at most `maxRows`) that hold them all without splitting one,
    /// or as many as fit in `maxRows`.
    static func place(_ heights: [Int], columns: Int, maxRows: Int) -> (rows: Int, spots: [(column: Int, row: Int)]) {
        let total = heights.reduce(0, +)
        var rows = min(maxRows, max(1, (total + columns - 1) / columns))
        while true {
            var spots: [(column: Int, row: Int)] = []
            var column = 0, row = 0
            for height in heights {
                if row > 0, row + height > rows { column += 1; row = 0 }
                guard column < columns, height <= rows else { break }
                spots.append((column, row))
                row += height
            }
            if spots.count == heights.count || rows >= maxRows {
                let used = spots.indices.map { spots[$0].row + heights[$0] }.max() ?? 0
                return (max(1, min(rows, used)), spots)
            }
            rows += 1
        }
    }

    /// The undo key's line says what it would undo now: the key map holds fixed words,
    /// the undo stack changes with every trash.
    static func withUndoStep(_ lines: [(keys: String, help: String)], bindings: [KeyBinding], model: ScreenModel) -> [(keys: String, help: String)] {
        zip(lines, bindings).map { line, binding in
            guard case .undo? = binding.action as? CommentsAction else { return line }
            return (line.keys, "undo: " + (model.nextUndo ?? "nothing to undo"))
        } + lines.dropFirst(bindings.count)
    }
}
