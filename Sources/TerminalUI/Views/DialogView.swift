/// A centred box with a title and a few lines: confirmations.
enum DialogView {
    /// The discard question's answers: Ctrl-X, never a letter — Esc asks the question and
    /// terminals send Alt chords as Esc + letter, so a letter could answer by accident.
    static func discardChoices(keep: String) -> String {
        "Ctrl-X  discard      any other key  \(keep)"
    }

    /// The question asked when Esc would throw away the editor's text.
    static func drawDiscardQuestion(for composer: Composer, into canvas: inout Canvas) {
        switch composer.purpose {
        case .reply:
            draw(into: &canvas, title: "Discard reply?", lines: [
                "It stays the last draft: r brings it back.", "", discardChoices(keep: "keep writing"),
            ])
        case .edit:
            draw(into: &canvas, title: "Discard edit?", lines: ["Your changes will be lost.", "", discardChoices(keep: "keep writing")])
        }
    }

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
