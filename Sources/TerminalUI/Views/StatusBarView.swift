import CommentsKit

/// The bottom line: the search prompt while searching; otherwise the last outcome in
/// words (errors in red) and the keys that matter in the current mode.
enum StatusBarView {
    /// Draws the line; returns the text cursor when the search prompt is open.
    static func draw(into canvas: inout Canvas, rect: Rect, model: ScreenModel) -> (x: Int, y: Int)? {
        canvas.fill(x: rect.x, y: rect.y, width: rect.width, height: 1)
        if case .search(let prompt) = model.ui.mode {
            canvas.put("/", x: rect.x, y: rect.y, style: Theme.title)
            let rendered = prompt.editor.render(width: max(1, rect.width - 30))
            canvas.put(rendered.visible, x: rect.x + 1, y: rect.y, maxWidth: rect.width - 30)
            let matches = "\(model.filters.matchCount) match\(model.filters.matchCount == 1 ? "" : "es") · Enter keep · Esc cancel"
            canvas.put(DisplayWidth.truncate(matches, toWidth: 28), x: rect.x + rect.width - 28, y: rect.y, style: Theme.dim)
            return (rect.x + 1 + rendered.cursorColumn, rect.y)
        }
        // The message has the line first; the key hints take what is left.
        var message: (text: String, style: Style)?
        if let hint = model.ui.hint {
            message = (TextSanitizer.singleLine(hint), Theme.hint)
        } else if let notice = model.notice {
            let words = NoticeText.words(notice, keyMap: model.keyMap)
            message = (TextSanitizer.singleLine(words), notice.kind == .error ? Theme.error : Theme.info)
        }
        let messageWidth = min(DisplayWidth.of(message?.text ?? ""), max(0, rect.width - 2))
        if let message {
            canvas.put(DisplayWidth.truncate(message.text, toWidth: messageWidth), x: rect.x + 1, y: rect.y, style: message.style)
        }
        let keys = hints(for: model.ui)
        let room = rect.width - messageWidth - 4
        if room >= DisplayWidth.of(keys) || (message == nil && room > 8) {
            let shown = DisplayWidth.truncate(keys, toWidth: room)
            canvas.put(shown, x: rect.x + rect.width - DisplayWidth.of(shown), y: rect.y, style: Theme.dim)
        }
        return nil
    }

    /// The few keys worth showing in the current mode.
    static func hints(for ui: UIState) -> String {
        switch ui.keyContext {
        case .list: "r reply · d trash · a/u/s · f filters · / search · ? help "
        case .detail: "j/k scroll · Esc back · r reply · ? help "
        case .filters: "Space toggle · Enter open · c clear · f close "
        case .compose:
            if case .compose(let composer) = ui.mode, case .edit = composer.purpose { "Ctrl-S save · Esc cancel · F1 keys " } else { "Ctrl-S send · Esc cancel · F1 keys " }
        case .confirm: "y yes · n no "
        case .confirmDiscard: "Ctrl-X discard · any other key keeps it "
        case .search: "Enter keep · Esc cancel "
        case .help: "? close "
        case .tooSmall: "q quit "
        }
    }
}
