import CommentsKit

/// The `?` overlay: every key of the context underneath (and, where there is room, the
/// action name `[keys]` binds it by), laid out by ``HelpPage`` in one column that scrolls (`j`/`k`, PgDn/PgUp/Space, `g`/`G`) and searches (`/`, `n`/`N`,
/// matches highlighted). The footer says where the view is and which keys move it, with
/// the user's keys.
enum HelpView {
    static func draw(into canvas: inout Canvas, model: ScreenModel) {
        var underneath = model.ui
        underneath.isHelpVisible = false
        let context = underneath.keyContext
        let page = HelpPage(keyMap: model.keyMap, context: context, nextUndo: model.nextUndo,
                            terminalWidth: canvas.width, terminalHeight: canvas.height)
        let width = page.width, height = page.visibleRows + 4
        guard canvas.width >= width, canvas.height >= height else { return }
        let x = (canvas.width - width) / 2, y = (canvas.height - height) / 2
        canvas.fill(x: x, y: y, width: width, height: height)
        canvas.drawBox(x: x, y: y, width: width, height: height, title: " Keys: \(context.title) ", style: Theme.focusedBorder)
        let help = model.ui.help
        let top = min(help.top, page.maxTop)
        let textX = x + 2 + page.keyWidth + 2, textWidth = page.textWidth
        let nameX = x + width - 2 - page.nameWidth
        for (offset, row) in page.rows.dropFirst(top).prefix(page.visibleRows).enumerated() {
            let index = top + offset
            if row.isHeading {
                canvas.put(row.text, x: x + 2, y: y + 1 + offset, style: Theme.title, maxWidth: width - 4)
                continue
            }
            let keysStyle = index == help.match ? Theme.cursor.merged(with: Theme.title) : Theme.title
            canvas.put(DisplayWidth.pad(DisplayWidth.truncate(row.keys, toWidth: page.keyWidth), toWidth: page.keyWidth), x: x + 2, y: y + 1 + offset, style: keysStyle)
            canvas.put(row.text, x: textX, y: y + 1 + offset, maxWidth: textWidth)
            highlight(help.query, in: row.text, x: textX, y: y + 1 + offset, canvas: &canvas)
            if page.nameWidth > 0 {
                canvas.put(row.name, x: nameX, y: y + 1 + offset, style: Theme.dim, maxWidth: page.nameWidth)
                highlight(help.query, in: row.name, x: nameX, y: y + 1 + offset, canvas: &canvas)
            }
        }
        drawFooter(page: page, top: top, model: model, into: &canvas, x: x + 2, y: y + height - 2, width: width - 4)
    }

    /// Draws each occurrence of `query` in `text` (drawn at `x`) in the match style.
    private static func highlight(_ query: String, in text: String, x: Int, y: Int, canvas: inout Canvas) {
        guard !query.isEmpty else { return }
        var rest = text[...]
        var column = x
        while let range = rest.range(of: query, options: .caseInsensitive) {
            column += DisplayWidth.of(String(rest[..<range.lowerBound]))
            column += canvas.put(String(rest[range]), x: column, y: y, style: Theme.searchMatch)
            rest = rest[range.upperBound...]
        }
    }

    /// The search prompt while it is open; else where the view is and the keys that move it.
    private static func drawFooter(page: HelpPage, top: Int, model: ScreenModel, into canvas: inout Canvas, x: Int, y: Int, width: Int) {
        if let prompt = model.ui.help.prompt {
            let shown = DisplayWidth.truncate("/" + prompt, toWidth: width - 1)
            let end = canvas.put(shown, x: x, y: y, style: Theme.title)
            canvas.put(" ", x: x + end, y: y, style: Theme.cursor)
            return
        }
        let keys = model.keyMap
        func key(_ name: String) -> String? {
            keys.bindings[.help]?.first { ActionName.of($0.action) == name && !$0.keys.isEmpty }?.keys.first?.name
        }
        var items: [KeyHints.Item] = []
        if page.maxTop > 0 {
            let last = min(page.rows.count, top + page.visibleRows)
            items.append(.init(text: "\(top + 1)–\(last) of \(page.rows.count)", rank: 1))
            if let down = key("down"), let up = key("up") { items.append(.init(text: "\(down)/\(up) scroll", rank: 2)) }
        }
        if let search = key("search") { items.append(.init(text: "\(search) search", rank: 3)) }
        if !model.ui.help.query.isEmpty, let next = key("next-match") { items.append(.init(text: "\(next) next", rank: 4)) }
        if let close = key("help") { items.append(.init(text: "\(close) close", rank: 0)) }
        canvas.put(KeyHints(items).fitted(toWidth: width), x: x, y: y, style: Theme.dim)
    }
}
