/// A frame: the canvas, and where the terminal cursor goes (only when typing).
package struct Frame: Equatable, Sendable {
    /// What to show.
    package var canvas: Canvas
    /// The text cursor, when a prompt or editor is open.
    package var cursor: (x: Int, y: Int)?

    package static func == (lhs: Frame, rhs: Frame) -> Bool {
        lhs.canvas == rhs.canvas && lhs.cursor?.x == rhs.cursor?.x && lhs.cursor?.y == rhs.cursor?.y
    }
}

/// The whole screen as a function of a ``ScreenModel``: the views draw into an in-memory
/// ``Canvas`` and the ncurses painter shows it.
package enum ScreenView {
    /// Draws one frame.
    package static func render(_ model: ScreenModel) -> Frame {
        Theme.$current.withValue(model.theme) { draw(model) }
    }

    private static func draw(_ model: ScreenModel) -> Frame {
        var canvas = Canvas(width: max(0, model.ui.width), height: max(0, model.ui.height))
        let layout = Layout(model.ui)
        guard !layout.isTooSmall else {
            TooSmallView.draw(into: &canvas)
            return Frame(canvas: canvas, cursor: nil)
        }
        var cursor: (x: Int, y: Int)?
        HeaderView.draw(into: &canvas, rect: layout.header, model: model)
        if let rect = layout.filters {
            FilterPanelView.draw(into: &canvas, rect: rect, model: model)
            for y in rect.y..<(rect.y + rect.height) { canvas.put(BoxGlyphs.vertical, x: rect.x + rect.width, y: y, style: Theme.border) }
        }
        if let rect = layout.list {
            cursor = CommentListView.draw(into: &canvas, rect: rect, model: model)
        }
        if let rect = layout.detail {
            if layout.isWide {
                for y in rect.y..<(rect.y + rect.height) { canvas.put(BoxGlyphs.vertical, x: rect.x - 1, y: y, style: Theme.border) }
            }
            DetailView.draw(into: &canvas, rect: rect, model: model)
        }
        if let promptCursor = StatusBarView.draw(into: &canvas, rect: layout.status, model: model) {
            cursor = promptCursor
        }
        if case .confirm(let confirmation) = model.ui.mode {
            DialogView.draw(into: &canvas, title: "Confirm", lines: [confirmation.question] + confirmation.details + ["", confirmation.choices])
        }
        if case .compose(let composer) = model.ui.mode, composer.isConfirmingDiscard {
            DialogView.drawDiscardQuestion(for: composer, keyMap: model.keyMap, into: &canvas)
            cursor = nil
        }
        if model.ui.outboxHighlight != nil {
            OutboxView.draw(into: &canvas, model: model)
            cursor = nil
        }
        if model.ui.isHelpVisible {
            HelpView.draw(into: &canvas, model: model)
            cursor = nil
        }
        return Frame(canvas: canvas, cursor: cursor)
    }
}

/// "Terminal too small", centred, at any size down to 1×1; the sentences wrap at words
/// ("need 40×10, have 20…" hid the one number that mattered).
enum TooSmallView {
    static func draw(into canvas: inout Canvas) {
        let sentences = [
            ("Terminal too small", Theme.title),
            ("need \(Layout.minimumWidth)×\(Layout.minimumHeight), have \(canvas.width)×\(canvas.height)", Style.plain),
        ]
        let lines = sentences.flatMap { text, style in TextWrapper.wrap(text, width: canvas.width).map { ($0, style) } }
        let top = max(0, (canvas.height - lines.count) / 2)
        for (offset, (text, style)) in lines.enumerated() {
            canvas.put(text, x: max(0, (canvas.width - DisplayWidth.of(text)) / 2), y: top + offset, style: style)
        }
    }
}
