import CommentsKit

/// The inline reply editor: a box under the comment it answers, the text soft-wrapped,
/// scrolled to keep the cursor in view.
enum ComposerView {
    /// Draws the editor; returns the text cursor's screen position.
    static func draw(_ composer: Composer, into canvas: inout Canvas, rect: Rect, model: ScreenModel) -> (x: Int, y: Int)? {
        guard rect.height >= 3, rect.width >= 8 else { return nil }
        let title = title(for: composer, model: model, room: rect.width - titleMargin).fitted(toWidth: rect.width - titleMargin)
        canvas.fill(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        canvas.drawBox(x: rect.x, y: rect.y, width: rect.width, height: rect.height, title: title, style: Theme.focusedBorder)
        let inner = rect.width - 4
        let layout = composer.editor.layout(width: max(1, inner))
        let visible = rect.height - 2
        let first = max(0, layout.cursorRow - visible + 1)
        for (offset, line) in layout.lines.dropFirst(first).prefix(visible).enumerated() {
            canvas.put(line, x: rect.x + 2, y: rect.y + 1 + offset, maxWidth: inner)
        }
        if composer.editor.isEmpty {
            canvas.put("Write your reply…", x: rect.x + 2, y: rect.y + 1, style: Theme.dim, maxWidth: inner)
        }
        return (rect.x + 2 + layout.cursorColumn, rect.y + 1 + layout.cursorRow - first)
    }

    /// Columns of the top edge that are not the title: corners, a line character and
    /// the spaces around the title (`┌─ title ─┐`).
    static let titleMargin = 5

    /// What the box is for, then its keys as the user's ``KeyMap`` binds them, for a title
    /// of `room` columns; a narrow box keeps what it is and the key that sends (or saves),
    /// dropping whole items ("Ctrl…" said nothing). A key `[keys]` left unbound is not named.
    static func title(for composer: Composer, model: ScreenModel, room: Int) -> KeyHints {
        let keys = ComposerKeys(keyMap: model.keyMap)
        switch composer.purpose {
        case .reply(_, let parent, _):
            let name = model.comments[parent].map { TextSanitizer.singleLine($0.authorName) } ?? "comment"
            let send = keys.hint("send send")
            // A long name gives way before the send key does (the name is the commenter's
            // to choose, and may be any length).
            let head = "Reply to " + DisplayWidth.truncate(name, toWidth: nameRoom(room, label: "Reply to ", key: send))
            let approve = ApproveAndReply.offered(for: composer, model.commentsState) ? keys.hint("approve-and-send approve and send") : nil
            return keys.title([(head, 0), (send, 1), (approve, 2), (keys.hint("cancel cancel"), 3), (keys.hint("external-editor $EDITOR"), 4)])
        case .edit(let id):
            let me = model.site.flatMap { model.commentsState.currentUsers[$0.id] }
            let mine = me?.id == model.comments[id]?.author
            let save = keys.hint("send save"), cancel = keys.hint("cancel cancel")
            guard !mine, let entry = model.comments[id] else {
                // A moderator's own comment opens on the Quick Edit fields too.
                let fields = QuickEditForm.applies(to: me) ? "fields above the blank line" : nil
                return keys.title([("Edit your comment", 0), (save, 1), (cancel, 2), (fields, 3)])
            }
            let name = TextSanitizer.singleLine(entry.authorName)
            let head = "Quick Edit: " + DisplayWidth.truncate(name, toWidth: nameRoom(room, label: "Quick Edit: ", key: save))
            return keys.title([(head, 0), (save, 1), (cancel, 2), ("fields above the blank line", 3)])
        }
    }

    /// Columns left for the commenter's name in a title of `room` columns that starts with
    /// `label` and keeps the send (or save) hint `key` beside it.
    private static func nameRoom(_ room: Int, label: String, key: String?) -> Int {
        max(4, room - DisplayWidth.of(label) - (key.map { DisplayWidth.of(" · " + $0) } ?? 0))
    }
}

/// The editor's key hints as the user's ``KeyMap`` binds them in the compose context.
private struct ComposerKeys {
    let keyMap: KeyMap

    /// "ACTION words" with the action's key ("send send" → "Ctrl-S send"), or nil when no
    /// key is bound to it (``KeyHints/text(_:in:keyMap:)``).
    func hint(_ spec: String) -> String? {
        KeyHints.text(spec, in: .compose, keyMap: keyMap)
    }

    /// The title's items in order, with their ranks; the absent ones left out.
    func title(_ items: [(String?, Int)]) -> KeyHints {
        KeyHints(items.compactMap { text, rank in text.map { KeyHints.Item(text: $0, rank: rank) } })
    }
}
