import CommentsKit

/// The filter panel: each group as a heading (how many of its filters are on), the
/// expanded group's filters as `[x]` / `[ ]` toggles with their facet counts (`≥12`: at
/// least, the site is not all loaded).
enum FilterPanelView {
    static func draw(into canvas: inout Canvas, rect: Rect, model: ScreenModel) {
        guard rect.width > 6, rect.height > 2 else { return }
        let focused = model.ui.focus == .filters
        canvas.put(" Filters", x: rect.x, y: rect.y, style: focused ? Theme.focusedBorder : Theme.title, maxWidth: rect.width)
        let rows = FilterPanelRow.rows(for: model.filters)
        // The same arithmetic the mouse's hit-test uses (Layout).
        let visible = Layout.filterPanelVisibleLines(panelHeight: rect.height)
        let first = Layout.filterPanelFirstLine(cursor: model.ui.filterCursor, lineCount: rows.count, panelHeight: rect.height)
        for (offset, row) in rows.dropFirst(first).prefix(visible).enumerated() {
            let index = first + offset
            let y = rect.y + 1 + offset
            let isCursor = focused && index == model.ui.filterCursor
            let style: Style = isCursor ? Theme.cursor : .plain
            if isCursor { canvas.fill(x: rect.x, y: y, width: rect.width, height: 1, style: style) }
            let (label, count) = text(for: row, authorQuery: model.filters.authorQuery)
            let countText = count.map { " \($0)" } ?? ""
            let labelWidth = rect.width - 1 - DisplayWidth.of(countText)
            canvas.put(DisplayWidth.truncate(label, toWidth: labelWidth), x: rect.x + 1, y: y, style: isGroup(row) ? style.merged(with: Theme.title) : style)
            canvas.put(countText, x: rect.x + rect.width - DisplayWidth.of(countText), y: y, style: isCursor ? style : Theme.dim)
        }
        let search = model.filters.searchText
        // The user's keys, whole items only ("Enter ope…" told nobody anything).
        let keys = ["toggle-filter toggle", "open-group open", "clear-filters clear"].enumerated().compactMap { rank, spec in
            KeyHints.text(spec, in: .filters, keyMap: model.keyMap).map { KeyHints.Item(text: $0, rank: rank) }
        }
        let footer = search.isEmpty
            ? KeyHints(keys).fitted(toWidth: rect.width - 1)
            : DisplayWidth.truncate("Search: \(TextSanitizer.singleLine(search))", toWidth: rect.width - 1)
        canvas.put(footer, x: rect.x + 1, y: rect.y + rect.height - 1, style: Theme.dim)
    }

    private static func isGroup(_ row: FilterPanelRow) -> Bool {
        if case .group = row { return true }
        return false
    }

    /// The label and count of `row`; the Author heading names what its finder holds.
    private static func text(for row: FilterPanelRow, authorQuery: String) -> (String, String?) {
        switch row {
        case .group(let group, let isExpanded):
            let on = group.filters.filter(\.isEnabled).count
            let arrow = isExpanded ? "▾" : "▸"
            let finding = group.id == .author && !authorQuery.isEmpty ? " “\(TextSanitizer.singleLine(authorQuery))”" : ""
            return ("\(arrow) \(group.title)" + finding + (on > 0 ? " (\(on) on)" : ""), nil)
        case .filter(let filter):
            return ("  [\(filter.isEnabled ? "x" : " ")] \(TextSanitizer.singleLine(filter.title))", countText(filter))
        }
    }

    /// "1,234", or "≥1,234" while the count covers only the loaded comments and the site may
    /// have more (explained in the help: ``HelpLegend``).
    static func countText(_ filter: Filter) -> String {
        (filter.isLowerBound ? HelpLegend.lowerBoundMark : "") + "\(count: filter.count)"
    }
}
