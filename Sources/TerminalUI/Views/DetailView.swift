import CommentsKit

/// The whole comment under the cursor: author, date, status, post, link, the comment it
/// answers, and the text wrapped to the pane.
enum DetailView {
    static func draw(into canvas: inout Canvas, rect: Rect, model: ScreenModel) {
        guard rect.width > 4, rect.height > 0 else { return }
        guard let id = model.ui.cursor, let entry = model.comments[id] else {
            canvas.put("No comment selected.", x: rect.x + 1, y: rect.y + 1, style: Theme.dim, maxWidth: rect.width - 2)
            return
        }
        let width = rect.width - 2
        var lines: [(String, Style)] = []
        let comment = entry.comment
        let author = TextSanitizer.singleLine(comment.authorName.isEmpty ? "Anonymous" : comment.authorName)
        lines.append((author, Theme.author))
        lines.append(("\(RelativeDate.full(comment.date)) · \(Theme.statusWord(entry))", statusStyle(entry)))
        var where_ = TextSanitizer.singleLine(model.postTitle(comment.post))
        if comment.type != "comment" { where_ += " · \(TextSanitizer.singleLine(comment.type))" }
        if !entry.isLocal { where_ += " · comment #\(comment.id)" }
        lines.append((where_, Theme.dim))
        if !comment.link.isEmpty { lines.append((TextSanitizer.singleLine(comment.link), Theme.dim)) }
        if !comment.authorURL.isEmpty { lines.append(("by " + TextSanitizer.singleLine(comment.authorURL), Theme.dim)) }
        if comment.parent != 0 {
            if let parent = model.comments[comment.parent] {
                let excerpt = TextSanitizer.singleLine(parent.text)
                let who = TextSanitizer.singleLine(parent.comment.authorName)
                lines.append((DisplayWidth.truncate("↳ in reply to \(who): \(excerpt)", toWidth: width), Theme.hint))
            } else {
                lines.append(("↳ in reply to comment #\(comment.parent) (not loaded or deleted)", Theme.hint))
            }
        }
        lines.append((String(repeating: "─", count: max(0, width)), Theme.border))
        for line in TextWrapper.wrap(TextSanitizer.sanitize(entry.text), width: max(1, width)) {
            lines.append((line, .plain))
        }
        let scroll = min(model.ui.detailScroll, max(0, lines.count - rect.height))
        for (offset, line) in lines.dropFirst(scroll).prefix(rect.height).enumerated() {
            canvas.put(line.0, x: rect.x + 1, y: rect.y + offset, style: line.1, maxWidth: width)
        }
        if model.ui.focus == .detail {
            canvas.put("▍", x: rect.x, y: rect.y, style: Theme.focusedBorder)
        }
    }

    private static func statusStyle(_ entry: CommentEntry) -> Style {
        if case .failed? = entry.mark { return Theme.error }
        return Theme.mark(for: entry).1
    }
}
