/// A centred box with a title and a few lines: confirmations.
enum DialogView {
    static func draw(into canvas: inout Canvas, title: String, lines: [String]) {
        let widest = lines.map(DisplayWidth.of).max() ?? 0
        let width = min(canvas.width - 2, max(widest, DisplayWidth.of(title)) + 4)
        let height = min(canvas.height - 2, lines.count + 2)
        guard width >= 6, height >= 3 else { return }
        let x = (canvas.width - width) / 2, y = (canvas.height - height) / 2
        canvas.fill(x: x, y: y, width: width, height: height)
        canvas.drawBox(x: x, y: y, width: width, height: height, title: " \(title) ", style: Theme.focusedBorder)
        for (offset, line) in lines.prefix(height - 2).enumerated() {
            canvas.put(DisplayWidth.truncate(line, toWidth: width - 4), x: x + 2, y: y + 1 + offset)
        }
    }
}
