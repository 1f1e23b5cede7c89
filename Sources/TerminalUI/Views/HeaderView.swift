/// The top line: site, counts (shown / loaded / on the server), FILTERED, the spinner.
enum HeaderView {
    static func draw(into canvas: inout Canvas, rect: Rect, model: ScreenModel) {
        canvas.fill(x: rect.x, y: rect.y, width: rect.width, height: 1, style: Theme.header)
        let name = TextSanitizer.singleLine(model.site?.name ?? "no site")
        let position = model.sitePosition.count > 1 ? " [\(model.sitePosition.index)/\(model.sitePosition.count)]" : ""
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
        // Tags for a bulk action (issue 13): "12 tagged" before the counts.
        if let site = model.site?.id {
            let tagged = model.ui.tags.count(on: site, in: model.comments)
            if tagged > 0 { right = "\(tagged) tagged · " + right }
        }
        let rightWidth = DisplayWidth.of(right) + DisplayWidth.of(filteredMark)
        let leftWidth = max(0, rect.width - rightWidth - 1)
        canvas.put(title(name: name, position: position, width: leftWidth), x: rect.x, y: rect.y, style: Theme.header)
        var x = rect.x + rect.width - rightWidth
        if !filteredMark.isEmpty {
            x += canvas.put(filteredMark, x: x, y: rect.y, style: Theme.filtered)
        }
        canvas.put(right, x: x, y: rect.y, style: Theme.header)
    }

    /// " parley · Site [1/3]" in `width` columns: the position goes first, then "parley ·";
    /// only then is the site's name itself cut ("Field Notes […" hid both).
    static func title(name: String, position: String, width: Int) -> String {
        for candidate in [" parley · " + name + position, " parley · " + name, " " + name]
        where DisplayWidth.of(candidate) <= width {
            return candidate
        }
        return DisplayWidth.truncate(" " + name, toWidth: width)
    }
}
