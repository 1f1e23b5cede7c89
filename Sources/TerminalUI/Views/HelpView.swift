import CommentsKit

/// The `?` overlay: every key of the context underneath, generated from the ``KeyMap``,
/// in two columns when one does not fit the terminal's height.
enum HelpView {
    static func draw(into canvas: inout Canvas, model: ScreenModel) {
        var underneath = model.ui
        underneath.isHelpVisible = false
        let context = underneath.keyContext
        let lines = withUndoStep(model.keyMap.help(for: context), bindings: model.keyMap.bindings[context] ?? [], model: model)
        let keyWidth = min(16, lines.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let maxRows = max(1, canvas.height - 6)
        let columns = lines.count > maxRows && canvas.width >= 76 ? 2 : 1
        let rows = min(maxRows, (lines.count + columns - 1) / columns)
        let columnWidth = min(60, (canvas.width - 6) / columns)
        let width = columnWidth * columns + 4
        let height = rows + 4
        guard width >= 20, height >= 4, canvas.height >= height else { return }
        let x = (canvas.width - width) / 2, y = (canvas.height - height) / 2
        canvas.fill(x: x, y: y, width: width, height: height)
        canvas.drawBox(x: x, y: y, width: width, height: height, title: " Keys: \(context.title) ", style: Theme.focusedBorder)
        for (index, line) in lines.prefix(rows * columns).enumerated() {
            let left = x + 2 + (index / rows) * columnWidth
            let top = y + 1 + index % rows
            canvas.put(DisplayWidth.pad(DisplayWidth.truncate(line.keys, toWidth: keyWidth), toWidth: keyWidth), x: left, y: top, style: Theme.title)
            canvas.put(line.help, x: left + keyWidth + 2, y: top, maxWidth: columnWidth - keyWidth - 3)
        }
        let hidden = lines.count - rows * columns
        let footer = hidden > 0 ? "\(hidden) more on a taller terminal · ? or Esc closes" : "? or Esc closes"
        canvas.put(footer, x: x + 2, y: y + height - 2, style: Theme.dim, maxWidth: width - 4)
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
