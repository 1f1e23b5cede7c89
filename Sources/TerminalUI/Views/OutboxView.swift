import CommentsKit

/// The `Q` overlay (issue 14): every write waiting in the outbox, oldest first (the order
/// they are sent in): what it does, to which comment, on which site, since when, and how
/// it stands (queued, sending, why the last try failed). The highlighted one is what
/// `d` drops.
enum OutboxView {
    static func draw(into canvas: inout Canvas, model: ScreenModel) {
        let outbox = model.commentsState.outbox
        let width = min(canvas.width - 2, 96)
        let lines = outbox.items.isEmpty ? ["Nothing is queued: every write reached its site."] : outbox.items.map { line(for: $0, model: model) }
        let visible = max(1, min(lines.count, canvas.height - 6))
        let height = visible + 4
        guard width >= 30, canvas.height >= height else { return }
        let x = (canvas.width - width) / 2, y = (canvas.height - height) / 2
        canvas.fill(x: x, y: y, width: width, height: height)
        canvas.drawBox(x: x, y: y, width: width, height: height, title: " Outbox: \(count: outbox.count) queued ", style: Theme.focusedBorder)
        let highlight = outbox.items.isEmpty ? nil : min(model.ui.outboxHighlight ?? 0, lines.count - 1)
        let top = max(0, min((highlight ?? 0) - visible + 1, lines.count - visible))
        for (offset, text) in lines.dropFirst(top).prefix(visible).enumerated() {
            let row = y + 1 + offset
            if top + offset == highlight { canvas.fill(x: x + 1, y: row, width: width - 2, height: 1, style: Theme.cursor) }
            canvas.put(text, x: x + 2, y: row, style: top + offset == highlight ? Theme.cursor : .plain, maxWidth: width - 4)
        }
        let keys = model.keyMap
        let hints = ["drop-queued drop", "outbox close"].compactMap { KeyHints.text($0, in: .outbox, keyMap: keys) }
        canvas.put(hints.joined(separator: "  "), x: x + 2, y: y + height - 2, style: Theme.dim, maxWidth: width - 4)
    }

    /// "reply to #12 on Site · 5m · queued (the network is offline)".
    static func line(for item: OutboxItem, model: ScreenModel) -> String {
        let what = switch item.write {
        case let .reply(_, _, parent, text, _): "reply to #\(parent): “\(TextSanitizer.singleLine(String(text.prefix(40))))”"
        case let .moderation(id, _, _): "\(item.write.verb) #\(id)"
        case let .deletion(id): "delete #\(id) for good"
        case let .edit(id, _, _, _): "edit #\(id)"
        }
        let site = model.commentsState.sites.count > 1
            ? " on " + TextSanitizer.singleLine(model.commentsState.sites.first { $0.id == item.site }?.name ?? item.site) : ""
        let since = RelativeDate.short(item.created, now: model.now, timeZone: model.timeZone)
        let standing = switch item.phase {
        case .sending: "sending…"
        case .queued: item.lastProblem.map { "queued (last try: \(TextSanitizer.singleLine($0)))" } ?? "queued"
        }
        return "\(what)\(site) · \(since) · \(standing)"
    }
}
