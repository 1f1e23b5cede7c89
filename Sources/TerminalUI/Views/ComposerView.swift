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

    /// What the box is for, then its keys, for a title of `room` columns; a narrow box
    /// keeps what it is and the key that sends (or saves), dropping whole items ("Ctrl…"
    /// said nothing).
    static func title(for composer: Composer, model: ScreenModel, room: Int) -> KeyHints {
        switch composer.purpose {
        case .reply(_, let parent, _):
            let name = model.comments[parent].map { TextSanitizer.singleLine($0.authorName) } ?? "comment"
            // A long name gives way before "Ctrl-S send" does (the name is the commenter's
            // to choose, and may be any length).
            let nameRoom = max(4, room - DisplayWidth.of("Reply to  · Ctrl-S send"))
            if ApproveAndReply.offered(for: composer, model.commentsState) {
                return KeyHints(["Reply to " + DisplayWidth.truncate(name, toWidth: nameRoom): 0, "Ctrl-S send": 1,
                                 "Alt-a approve and send": 2, "Esc cancel": 3, "Ctrl-O $EDITOR": 4])
            }
            return KeyHints(["Reply to " + DisplayWidth.truncate(name, toWidth: nameRoom): 0, "Ctrl-S send": 1, "Esc cancel": 2, "Ctrl-O $EDITOR": 3])
        case .edit(let id):
            let me = model.site.flatMap { model.commentsState.currentUsers[$0.id] }
            let mine = me?.id == model.comments[id]?.author
            guard !mine, let entry = model.comments[id] else {
                // A moderator's own comment opens on the Quick Edit fields too.
                return QuickEditForm.applies(to: me)
                    ? KeyHints(["Edit your comment": 0, "Ctrl-S save": 1, "Esc cancel": 2, "fields above the blank line": 3])
                    : KeyHints(["Edit your comment": 0, "Ctrl-S save": 1, "Esc cancel": 2])
            }
            let name = TextSanitizer.singleLine(entry.authorName)
            let nameRoom = max(4, room - DisplayWidth.of("Quick Edit:  · Ctrl-S save"))
            return KeyHints(["Quick Edit: " + DisplayWidth.truncate(name, toWidth: nameRoom): 0, "Ctrl-S save": 1,
                             "Esc cancel": 2, "fields above the blank line": 3])
        }
    }
}
