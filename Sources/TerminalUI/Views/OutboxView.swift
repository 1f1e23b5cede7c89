import CommentsKit

/// The `Q` overlay (issue 14): every write waiting in the outbox, oldest first (the order
/// they are sent in), then those the site refused (until dismissed): what it does, to
/// whose comment (named as the rest of the interface does), on which site, since when, and
/// how it stands (queued, sending, why the last try failed, why the site refused it). The
/// highlighted one is what `d` drops or dismisses.
enum OutboxView {
    static func draw(into canvas: inout Canvas, model: ScreenModel) {
        let outbox = model.commentsState.outbox
        let width = min(canvas.width - 2, 96)
        let listed = outbox.listed
        let lines = listed.isEmpty ? ["Nothing is queued."] : listed.map { line(for: $0, model: model) }
        let visible = max(1, min(lines.count, canvas.height - 6))
        let height = visible + 4
        guard width >= 30, canvas.height >= height else { return }
        let x = (canvas.width - width) / 2, y = (canvas.height - height) / 2
        canvas.fill(x: x, y: y, width: width, height: height)
        let refused = outbox.refused.isEmpty ? "" : " · \(count: outbox.refused.count) refused"
        canvas.drawBox(x: x, y: y, width: width, height: height, title: " Outbox: \(count: outbox.count) queued\(refused) ", style: Theme.focusedBorder)
        let highlight = listed.isEmpty ? nil : min(model.ui.outboxHighlight ?? 0, lines.count - 1)
        let top = max(0, min((highlight ?? 0) - visible + 1, lines.count - visible))
        for (offset, text) in lines.dropFirst(top).prefix(visible).enumerated() {
            let row = y + 1 + offset
            if top + offset == highlight { canvas.fill(x: x + 1, y: row, width: width - 2, height: 1, style: Theme.cursor) }
            // Cut with "…", so a cut snippet does not read as the whole text.
            canvas.put(DisplayWidth.truncate(text, toWidth: width - 4), x: x + 2, y: row,
                       style: top + offset == highlight ? Theme.cursor : .plain, maxWidth: width - 4)
        }
        let keys = model.keyMap
        // Nothing listed, nothing to drop.
        let hints = (listed.isEmpty ? ["outbox close"] : ["drop-queued drop", "outbox close"]).compactMap { KeyHints.text($0, in: .outbox, keyMap: keys) }
        canvas.put(hints.joined(separator: "  "), x: x + 2, y: y + height - 2, style: Theme.dim, maxWidth: width - 4)
    }

    /// "reply to 李伟's comment on Site · 5m · queued · “Thank you…”", or "… · refused: why · …":
    /// the text last, where a narrow overlay cuts it first.
    static func line(for item: OutboxItem, model: ScreenModel) -> String {
        let what = TextSanitizer.singleLine(model.commentsState.outboxDescription(item))
        let site = model.commentsState.sites.count > 1
            ? " on " + TextSanitizer.singleLine(model.commentsState.sites.first { $0.id == item.site }?.name ?? item.site) : ""
        let since = RelativeDate.short(item.created, now: model.now, timeZone: model.timeZone)
        let standing = switch item.phase {
        case .sending: "sending…"
        case .queued: item.lastProblem.map { "queued (last try: \(TextSanitizer.singleLine($0)))" } ?? "queued"
        case .refused: "refused: " + TextSanitizer.singleLine(item.lastProblem ?? "the site said no")
        }
        let snippet = model.commentsState.outboxSnippet(item).map { " · “" + TextSanitizer.singleLine($0) + "”" } ?? ""
        return "\(what)\(site) · \(since) · \(standing)\(snippet)"
    }
}
