import CommentsKit

/// The whole comment of ``UIState/detailID`` — the cursor's, once the cursor rests:
/// author, date, status, post, link, the comment it answers, and the text wrapped to the
/// pane (see ``DetailContent``).
enum DetailView {
    static func draw(into canvas: inout Canvas, rect: Rect, model: ScreenModel) {
        guard rect.width > 4, rect.height > 0 else { return }
        guard let id = model.ui.detailID, let entry = model.comments[id], let site = model.site?.id else {
            canvas.put("No comment selected.", x: rect.x + 1, y: rect.y + 1, style: Theme.dim, maxWidth: rect.width - 2)
            return
        }
        let lines = DetailContent.lines(for: entry, in: model.commentsState, site: site, width: rect.width, timeZone: model.timeZone,
                                         now: model.now)
        let scroll = min(model.ui.detailScroll, max(0, lines.count - rect.height))
        let links = DetailContent.linkLines(for: entry, width: rect.width)
        for (offset, line) in lines.dropFirst(scroll).prefix(rect.height).enumerated() {
            let drawn = canvas.put(line.0, x: rect.x + 1, y: rect.y + offset, style: line.1, maxWidth: rect.width - 2)
            if let link = links.first(where: { $0.lines.contains(scroll + offset) }) {
                // An address's first line starts with "by " (the author's), "from " (a ping's) or nothing.
                let skip = scroll + offset == link.lines.lowerBound ? link.firstColumn : 0
                canvas.hyperlinks.append(Hyperlink(x: rect.x + 1 + skip, y: rect.y + offset, width: drawn - skip, url: link.url))
            }
        }
        if model.ui.focus == .detail {
            canvas.put("▍", x: rect.x, y: rect.y, style: Theme.focusedBorder)
        }
    }
}
