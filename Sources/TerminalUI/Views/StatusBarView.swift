import CommentsKit

/// The bottom line: the search prompt while searching; otherwise the last outcome in
/// words (errors in red) and the keys that matter in the current mode.
enum StatusBarView {
    /// Draws the line; returns the text cursor when the search prompt is open.
    static func draw(into canvas: inout Canvas, rect: Rect, model: ScreenModel) -> (x: Int, y: Int)? {
        canvas.fill(x: rect.x, y: rect.y, width: rect.width, height: 1)
        if case .search(let prompt) = model.ui.mode {
            return drawSearchPrompt(prompt, into: &canvas, rect: rect, model: model)
        }
        // The message has the line first; one too long for it wraps at words onto rows
        // above (``messageLines(_:width:room:)``). The key hints take what is left of its
        // last row, as many whole items as fit.
        var message: (text: String, style: Style)?
        if let hint = model.ui.hint {
            message = (TextSanitizer.singleLine(hint), Theme.hint)
        } else if let notice = model.notice {
            let words = NoticeText.words(notice, keyMap: model.keyMap)
            message = (TextSanitizer.singleLine(words), notice.kind == .error ? Theme.error : Theme.info)
        }
        var messageWidth = 0
        if let message {
            let shown = messageLines(message.text, width: rect.width - 2, room: min(maxMessageRows, rect.y / 2))
            for (offset, line) in shown.lines.enumerated() {
                let y = rect.y - (shown.lines.count - 1) + offset
                canvas.fill(x: rect.x, y: y, width: rect.width, height: 1)
                messageWidth = canvas.put(line, x: rect.x + 1, y: y, style: message.style)
            }
            // A message that had to be cut keeps the whole line: keys after "…" read as its end.
            if shown.isCut { return nil }
        }
        let keys = hintItems(for: model.ui, keyMap: model.keyMap, outboxIsEmpty: model.commentsState.outbox.listed.isEmpty).fitted(toWidth: rect.width - messageWidth - (message == nil ? 2 : 4))
        if !keys.isEmpty {
            canvas.put(keys, x: rect.x + rect.width - DisplayWidth.of(keys) - 1, y: rect.y, style: Theme.dim)
        }
        return nil
    }

    /// The most rows a message takes: the status line and three above it, drawn over the
    /// bottom of the panes (never more than half the screen). The layout does not grow for it, so the list neither scrolls
    /// nor moves under the mouse as messages come and go; a message is read, then the
    /// next key clears it.
    static let maxMessageRows = 4

    /// `text` wrapped at words into at most `room` rows (at least one) of `width` columns,
    /// the last row ending the message; only a message longer than all of them is cut,
    /// after its last word that fits, with "…" (a site's error page may be any length).
    static func messageLines(_ text: String, width: Int, room: Int) -> (lines: [String], isCut: Bool) {
        let rows = max(1, room)
        let wrapped = TextWrapper.wrap(text, width: max(1, width))
        guard wrapped.count > rows else { return (wrapped.isEmpty ? [""] : wrapped, false) }
        let rest = wrapped[(rows - 1)...].joined(separator: " ")
        return (Array(wrapped.prefix(rows - 1)) + [TextWrapper.truncateAtWord(rest, toWidth: max(0, width))], true)
    }

    /// "/text" on the left; the match count and the prompt's keys on the right, whole
    /// items as far as they fit beside at least a third of the line for the text.
    private static func drawSearchPrompt(_ prompt: SearchPrompt, into canvas: inout Canvas, rect: Rect, model: ScreenModel) -> (x: Int, y: Int) {
        let count = model.filters.matchCount
        // Finding an author: how many the Author group lists (its "Others" aside).
        let listed = (model.filters.group(.author)?.filters.count ?? 1) - 1
        var found = prompt.findsAuthor ? "\(count: listed) author\(listed == 1 ? "" : "s")" : "\(count: count) match\(count == 1 ? "" : "es")"
        // A search running off the main actor (a large site): its answer is not all in yet,
        // and before its first matches a count of 0 would read as "none".
        if !prompt.findsAuthor, model.filters.isSearchingInBackground {
            found = count == 0 ? "searching…" : found + " so far"
        }
        // While the site loads, the search asks it too: whether its answer is all in.
        if !prompt.findsAuthor, let site = model.site?.id, let search = model.commentsState.siteSearches[site] {
            found += " · " + search.summary
        }
        var items = [KeyHints.Item(text: found, rank: 0)]
        for (spec, rank) in [("accept keep", 1), ("cancel cancel", 2)] {
            if let text = KeyHints.text(spec, in: .search, keyMap: model.keyMap) { items.append(.init(text: text, rank: rank)) }
        }
        let keys = KeyHints(items)
            .fitted(toWidth: rect.width - 2 - max(10, rect.width / 3))
        let keysWidth = DisplayWidth.of(keys)
        canvas.put(keys, x: rect.x + rect.width - keysWidth - 1, y: rect.y, style: Theme.dim)
        let label = prompt.findsAuthor ? "Author: " : "/"
        let labelWidth = canvas.put(label, x: rect.x, y: rect.y, style: Theme.title)
        let inputWidth = max(1, rect.width - keysWidth - 2 - labelWidth)
        let rendered = prompt.editor.render(width: inputWidth)
        canvas.put(rendered.visible, x: rect.x + labelWidth, y: rect.y, maxWidth: inputWidth)
        return (rect.x + labelWidth + rendered.cursorColumn, rect.y)
    }

    /// Every key hint of the current mode, as a line wide enough for all of them shows it.
    static func hints(for ui: UIState, keyMap: KeyMap = .standard) -> String {
        hintItems(for: ui, keyMap: keyMap).text
    }

    /// The keys worth showing in the current mode, ranked: what leads to everything
    /// else (help) and the mode's main keys stay longest. Each names the key the user's
    /// ``KeyMap`` binds (an action bound to no key is not hinted).
    /// `outboxIsEmpty`: the `Q` overlay lists nothing, so nothing can be dropped.
    static func hintItems(for ui: UIState, keyMap: KeyMap = .standard, outboxIsEmpty: Bool = false) -> KeyHints {
        let context = ui.keyContext
        var ranked: KeyValuePairs<String, Int> = [:]
        switch context {
        case .list: ranked = ["reply reply": 1, "trash trash": 2, "approve/unapprove/spam": 4, "filter-panel filters": 3, "search search": 3, "help help": 0]
        case .detail: ranked = ["down/up scroll": 2, "close back": 1, "reply reply": 2, "help help": 0]
        case .filters: ranked = ["toggle-filter toggle": 0, "open-group open": 1, "clear-filters clear": 2, "filter-panel close": 1]
        case .compose:
            if case .compose(let composer) = ui.mode, case .edit = composer.purpose {
                ranked = ["send save": 0, "cancel cancel": 1, "help keys": 2]
            } else {
                ranked = ["send send": 0, "cancel cancel": 1, "help keys": 2]
            }
        case .confirm: ranked = ["yes yes": 0, "no no": 0]
        case .confirmDiscard: ranked = ["discard discard": 0, "keep any other key keeps it": 1]
        case .search: ranked = ["accept keep": 0, "cancel cancel": 0]
        case .help: ranked = ["help close": 0]
        case .helpSearch: ranked = ["accept find": 0, "cancel cancel": 0]
        case .tooSmall: ranked = ["quit quit": 0]
        case .outbox where outboxIsEmpty: ranked = ["outbox close": 0]
        case .outbox: ranked = ["drop-queued drop": 0, "outbox close": 0, "down/up move": 1]
        }
        return KeyHints(ranked.compactMap { item -> KeyHints.Item? in
            guard let text = KeyHints.text(item.key, in: context, keyMap: keyMap) else { return nil }
            return KeyHints.Item(text: text, rank: item.value)
        })
    }
}
