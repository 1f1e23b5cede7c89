/// The `?` overlay: every key of the context underneath, generated from the ``KeyMap``.
enum HelpView {
    static func draw(into canvas: inout Canvas, model: ScreenModel) {
        var underneath = model.ui
        underneath.isHelpVisible = false
        let context = underneath.keyContext
        let lines = model.keyMap.help(for: context)
        let keyWidth = min(18, lines.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let width = min(canvas.width - 2, 64)
        let height = min(canvas.height - 2, lines.count + 4)
        guard width >= 20, height >= 4 else { return }
        let x = (canvas.width - width) / 2, y = (canvas.height - height) / 2
        canvas.fill(x: x, y: y, width: width, height: height)
        canvas.drawBox(x: x, y: y, width: width, height: height, title: " Keys: \(context.title) ", style: Theme.focusedBorder)
        for (offset, line) in lines.prefix(height - 4).enumerated() {
            canvas.put(DisplayWidth.pad(DisplayWidth.truncate(line.keys, toWidth: keyWidth), toWidth: keyWidth), x: x + 2, y: y + 1 + offset, style: Theme.title)
            canvas.put(line.help, x: x + 4 + keyWidth, y: y + 1 + offset, maxWidth: width - keyWidth - 6)
        }
        if lines.count > height - 4 {
            canvas.put("… (\(lines.count - (height - 4)) more: enlarge the terminal)", x: x + 2, y: y + height - 3, style: Theme.dim, maxWidth: width - 4)
        }
        canvas.put("? or Esc closes", x: x + 2, y: y + height - 2, style: Theme.dim, maxWidth: width - 4)
    }
}
