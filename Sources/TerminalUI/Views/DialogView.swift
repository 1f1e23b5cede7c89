/// A centred box with a title and a few lines: confirmations.
enum DialogView {
    /// The discard question's answers: Ctrl-X, never a letter — Esc asks the question and
    /// terminals send Alt chords as Esc + letter, so a letter could answer by accident.
    static func discardChoices(keep: String, keyMap: KeyMap) -> String {
        "\(keyMap.say("discard", in: .confirmDiscard))  discard      any other key  \(keep)"
    }

    /// The question asked when Esc would throw away the editor's text.
    static func drawDiscardQuestion(for composer: Composer, keyMap: KeyMap, into canvas: inout Canvas) {
        switch composer.purpose {
        case .reply:
            draw(into: &canvas, title: "Discard reply?", lines: [
                "It stays the last draft: \(keyMap.say("reply")) brings it back.", "", discardChoices(keep: "keep writing", keyMap: keyMap),
            ])
        case .edit:
            draw(into: &canvas, title: "Discard edit?", lines: ["Your changes will be lost.", "", discardChoices(keep: "keep writing", keyMap: keyMap)])
        }
    }

    /// Draws the box centred, as wide as its longest line (or the screen) allows; lines
    /// wider than that wrap at words rather than lose their end.
    static func draw(into canvas: inout Canvas, title: String, lines: [String]) {
        let widest = lines.map(DisplayWidth.of).max() ?? 0
        let width = min(canvas.width - 2, max(widest, DisplayWidth.of(title)) + 4)
        guard width >= 6 else { return }
        let wrapped = lines.flatMap { DisplayWidth.of($0) <= width - 4 ? [$0] : TextWrapper.wrap($0, width: width - 4) }
        let height = min(canvas.height - 2, wrapped.count + 2)
        guard height >= 3 else { return }
        let x = (canvas.width - width) / 2, y = (canvas.height - height) / 2
        canvas.fill(x: x, y: y, width: width, height: height)
        canvas.drawBox(x: x, y: y, width: width, height: height, title: " \(title) ", style: Theme.focusedBorder)
        for (offset, line) in wrapped.prefix(height - 2).enumerated() {
            canvas.put(line, x: x + 2, y: y + 1 + offset)
        }
    }
}
