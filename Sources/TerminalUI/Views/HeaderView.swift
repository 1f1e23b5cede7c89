import CommentsKit

/// The top line: site, its pending badge, counts (shown / loaded / on the server),
/// FILTERED, the spinner.
enum HeaderView {
    static func draw(into canvas: inout Canvas, rect: Rect, model: ScreenModel) {
        canvas.fill(x: rect.x, y: rect.y, width: rect.width, height: 1, style: Theme.header)
        let name = TextSanitizer.singleLine(model.site?.name ?? "no site")
        let position = model.sitePosition.count > 1 ? " [\(model.sitePosition.index)/\(model.sitePosition.count)]" : ""
        let loaded = model.comments.serverCount
        var counts = "\(count: model.rows.count) shown"
        // Comments read from the local replica that the site has not confirmed in full yet.
        let cached = model.site.map { model.commentsState.cache.unconfirmed.contains($0.id) } ?? false
        // Offline (issue 14), nothing is checked: the replica is all there is.
        let checking = model.site.map { model.commentsState.outbox.offline.contains($0.id) } == true ? "" : ", checking…"
        if cached, model.fetch.pagesLoaded == 0 {
            counts += " · cached" + checking
        } else if model.fetch.pagesLoaded == 0, model.fetch.isLoading {
            counts = "loading…"
        } else if model.fetch.isLoading, let total = model.fetch.total, total > loaded {
            // The rest of the site loading in the background.
            counts += " · loading \(count: loaded) of \(count: total)"
        } else if let total = model.fetch.total, total > loaded {
            counts += " · \(count: loaded) of \(count: total) loaded"
        } else {
            counts += " of \(count: loaded)"
        }
        if cached, model.fetch.pagesLoaded > 0 {
            // How far the check has read the site, as a first load says how far it has
            // loaded: "88,948 shown · cached, checking 40,400 of 98,882". Where there is room:
            // on 80 columns it would push out the site's name and pending badge.
            if rect.width >= 100, let total = model.fetch.total {
                counts = "\(count: model.rows.count) shown · cached, checking \(count: min(model.fetch.loadedCount, total)) of \(count: total)"
            } else {
                counts = "cached, checking · " + counts
            }
        }
        if let site = model.site?.id, let stale = staleness(site: site, model) { counts += " · " + stale }
        var right = counts + " "
        if model.isBusy { right = Theme.spinner[model.ui.spinnerFrame % Theme.spinner.count] + " " + right }
        let filteredMark = model.filters.isFiltering ? " FILTERED " : ""
        // Tags for a bulk action (issue 13): "12 tagged" before the counts.
        if let site = model.site?.id {
            let tagged = model.ui.tags.count(on: site, in: model.comments)
            if tagged > 0 { right = "\(count: tagged) tagged · " + right }
        }
        // Live updates (issue 12): "3 new" until the cursor reaches them.
        if let site = model.site?.id, case let fresh = model.commentsState.newCount(of: site), fresh > 0 {
            right = "\(count: fresh) new · " + right
        }
        // The list's order, when it is not threaded (issue 12).
        if let order = model.filters.order.label { right = "sorted: \(order) · " + right }
        // A search that asks the site while it loads (issue 12): whether its answer is all in.
        // Where there is room: on 80 columns it would push out the pending badge, and the
        // search prompt says it too.
        if rect.width >= 100, let site = model.site?.id, model.filters.isFiltering,
           let search = model.commentsState.siteSearches[site] {
            right = search.summary + " · " + right
        }
        // The outbox (issue 14): offline or unreachable, and the writes waiting to be sent.
        if let site = model.site?.id, case let reach = outboxSummary(site: site, model.commentsState.outbox), !reach.isEmpty {
            right = reach + " · " + right
        }
        let rightWidth = DisplayWidth.of(right) + DisplayWidth.of(filteredMark)
        let leftWidth = max(0, rect.width - rightWidth - 1)
        let (title, badge) = title(name: name, position: position, badge: pendingBadge(model), width: leftWidth)
        let titleWidth = canvas.put(title, x: rect.x, y: rect.y, style: Theme.header)
        if let badge { canvas.put(badge, x: rect.x + titleWidth, y: rect.y, style: Theme.pendingBadge) }
        var x = rect.x + rect.width - rightWidth
        if !filteredMark.isEmpty {
            x += canvas.put(filteredMark, x: x, y: rect.y, style: Theme.filtered)
        }
        canvas.put(right, x: x, y: rect.y, style: Theme.header)
    }

    /// "checked 4 min ago": how fresh the view is, said only when the background refresh
    /// (issue 27) has not read the site's statuses for a while (it cannot reach it, say);
    /// nil while it keeps up, and before it first did.
    static func staleness(site: SiteID, _ model: ScreenModel) -> String? {
        guard let checked = model.commentsState.sweeps[site]?.checkedAt else { return nil }
        let minutes = Int(model.now.timeIntervalSince(checked) / 60)
        return minutes >= staleAfterMinutes ? "checked \(minutes) min ago" : nil
    }

    /// How old the last check of a site's statuses is before the header says so: three
    /// polls missed at the default interval.
    static let staleAfterMinutes = 3

    /// "offline · 2 queued", "cannot be reached", "1 queued", or nothing.
    static func outboxSummary(site: SiteID, _ outbox: OutboxState) -> String {
        let queued = outbox.items(of: site).count
        var parts: [String] = []
        if outbox.offline.contains(site) {
            parts.append("offline")
        } else if outbox.unreachable.contains(site) {
            parts.append("cannot be reached")
        }
        if queued > 0 { parts.append("\(count: queued) queued") }
        return parts.joined(separator: " · ")
    }

    /// " parley · Site [1/3]" and, after it, the pending badge (" 12 pending ") in `width`
    /// columns: the position goes first, then "parley ·", then the name is cut down to a
    /// few columns ("Field N…", enough to tell the sites apart), then the badge, whole; only
    /// then is the name cut further ("Field Notes […" hid both). The badge is the site's
    /// pending total, which the header shows at all times that it can.
    static func title(name: String, position: String, badge: String?, width: Int) -> (title: String, badge: String?) {
        let titles = [" parley · " + name + position, " parley · " + name, " " + name]
        if let badge {
            for candidate in titles where DisplayWidth.of(candidate) + DisplayWidth.of(badge) <= width {
                return (candidate, badge)
            }
            let room = width - DisplayWidth.of(badge)
            if room >= shortestName { return (DisplayWidth.truncate(" " + name, toWidth: room), badge) }
        }
        // Once the badge is gone, only the name is left to show.
        for candidate in badge == nil ? titles : [" " + name] where DisplayWidth.of(candidate) <= width {
            return (candidate, nil)
        }
        return (DisplayWidth.truncate(" " + name, toWidth: width), nil)
    }

    /// The fewest columns the site's name is cut to before the pending badge gives way: a
    /// space, seven of its columns and "…" ("Field N…").
    static let shortestName = 9

    /// The shown site's pending total as the site counts it, moved by the moderation done
    /// here since (like wp-admin's menu badge); nil until the site has answered.
    static func pendingBadge(_ model: ScreenModel) -> String? {
        guard let site = model.site, let counts = model.commentsState.statusCounts(of: site.id) else { return nil }
        return " \(count: counts.hold) pending "
    }
}
