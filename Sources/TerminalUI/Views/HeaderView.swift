/// The top line: site, counts (shown / loaded / on the server), FILTERED, the spinner.
enum HeaderView {
    static func draw(into canvas: inout Canvas, rect: Rect, model: ScreenModel) {
        canvas.fill(x: rect.x, y: rect.y, width: rect.width, height: 1, style: Theme.header)
        let name = TextSanitizer.singleLine(model.site?.name ?? "no site")
        var left = " parley · \(name)"
        if model.sitePosition.count > 1 { left += " [\(model.sitePosition.index)/\(model.sitePosition.count)]" }
        let loaded = model.comments.serverCount
        var counts = "\(model.rows.count) shown"
        if model.fetch.pagesLoaded == 0, model.fetch.isLoading {
            counts = "loading…"
        } else if let total = model.fetch.total, total > loaded {
            counts += " · \(loaded) of \(total) loaded"
        } else {
            counts += " of \(loaded)"
        }
        var right = counts + " "
        if model.isBusy { right = Theme.spinner[model.ui.spinnerFrame % Theme.spinner.count] + " " + right }
        let filteredMark = model.filters.isFiltering ? " FILTERED " : ""
        let rightWidth = DisplayWidth.of(right) + DisplayWidth.of(filteredMark)
        let leftWidth = max(0, rect.width - rightWidth - 1)
        canvas.put(DisplayWidth.truncate(left, toWidth: leftWidth), x: rect.x, y: rect.y, style: Theme.header)
        var x = rect.x + rect.width - rightWidth
        if !filteredMark.isEmpty {
            x += canvas.put(filteredMark, x: x, y: rect.y, style: Theme.filtered)
        }
        canvas.put(right, x: x, y: rect.y, style: Theme.header)
    }
}
