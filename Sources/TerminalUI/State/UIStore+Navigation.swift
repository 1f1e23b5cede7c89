import CommentsKit

/// Sites, the cursor, folding, panes and the filter panel.
extension UIStore {
    /// Handles the navigation keys; false for any other action.
    func handleNavigation(_ action: UIAction) -> Bool {
        switch action {
        case .switchSite(let offset): switchSite(by: offset)
        case .move(let move): self.move(move)
        case .toggleCollapse: toggleCollapse()
        case .collapse: collapse()
        case .expand: expand()
        case .switchPane: switchPane()
        case .open: open()
        case .close: close()
        case .toggleFilterPanel: toggleFilterPanel()
        case .toggleHighlightedFilter: activateFilterRow(toggle: true)
        case .expandHighlightedGroup: activateFilterRow(toggle: false)
        default: return false
        }
        return true
    }

    // MARK: Sites

    /// A site is being shown (the filters switch to it in the same dispatch): start at
    /// its top with nothing folded, and no message from before.
    func siteShown(_ site: SiteID) {
        guard site != state.site else { return }
        let latestNotice = comments.state.notice?.sequence ?? 0
        mutate { state in
            // Whatever the status bar said was about the site being left.
            state.noticeFloor = latestNotice
            state.site = site
            state.cursor = nil
            state.cursorIndex = 0
            state.scrollTop = 0
            state.detailScroll = 0
            state.collapsed = []
            state.mode = .normal
        }
    }

    private func switchSite(by offset: Int) {
        let sites = comments.state.sites
        guard sites.count > 1 else { return hint("There is only one site.") }
        let current = sites.firstIndex { $0.id == state.site } ?? 0
        let next = ((current + offset) % sites.count + sites.count) % sites.count
        dispatcher.dispatch(FilterAction.showSite(sites[next].id))
    }

    // MARK: Moving

    private func move(_ move: CursorMove) {
        switch state.focus {
        case .filters: moveInFilterPanel(move)
        case .detail: scrollDetail(move)
        case .list: moveInList(move)
        }
    }

    private func moveInList(_ move: CursorMove) {
        let rows = self.rows
        guard !rows.isEmpty else { return }
        let page = max(1, (layout.list?.height ?? 2) - 1)
        let target = switch move {
        case .up: state.cursorIndex - 1
        case .down: state.cursorIndex + 1
        case .top: 0
        case .bottom: rows.count - 1
        case .pageUp: state.cursorIndex - page
        case .pageDown: state.cursorIndex + page
        case .halfPageUp: state.cursorIndex - page / 2
        case .halfPageDown: state.cursorIndex + page / 2
        }
        select(index: target, in: rows)
    }

    /// Scrolls the detail pane, never past its last line (so the way back up is never
    /// longer than the text).
    private func scrollDetail(_ move: CursorMove) {
        guard let rect = layout.detail else { return }
        let page = max(1, rect.height - 1)
        let lineCount = selectedEntry.map {
            DetailContent.lines(for: $0, in: comments.state, site: state.site ?? "", width: rect.width).count
        } ?? 0
        let last = max(0, lineCount - rect.height)
        let target = switch move {
        case .up: state.detailScroll - 1
        case .down: state.detailScroll + 1
        case .top: 0
        case .bottom: last
        case .pageUp: state.detailScroll - page
        case .pageDown: state.detailScroll + page
        case .halfPageUp: state.detailScroll - page / 2
        case .halfPageDown: state.detailScroll + page / 2
        }
        mutate { $0.detailScroll = min(max(0, target), last) }
    }

    private func moveInFilterPanel(_ move: CursorMove) {
        let rows = FilterPanelRow.rows(for: filters.state)
        let delta = move == .up ? -1 : move == .down ? 1 : 0
        let index = min(max(0, state.filterCursor + delta), max(0, rows.count - 1))
        mutate { state in
            state.filterCursor = index
            state.filterCursorID = rows.indices.contains(index) ? rows[index].id : nil
        }
    }

    func select(index: Int, in rows: [ListRow]) {
        guard !rows.isEmpty else { return }
        let clamped = min(max(0, index), rows.count - 1)
        mutate { state in
            state.cursorIndex = clamped
            state.cursor = rows[clamped].id
        }
    }

    // MARK: Folding

    /// The list row under the cursor (reconcile keeps it at `cursorIndex`).
    private func cursorRow(in rows: [ListRow]) -> ListRow? {
        guard rows.indices.contains(state.cursorIndex), rows[state.cursorIndex].id == state.cursor else { return nil }
        return rows[state.cursorIndex]
    }

    private func toggleCollapse() {
        guard let id = state.cursor else { return }
        if state.collapsed.contains(id) {
            expand()
        } else if cursorRow(in: rows)?.row.hasReplies == true {
            mutate { _ = $0.collapsed.insert(id) }
        } else {
            hint("No replies to fold here.")
        }
    }

    private func collapse() {
        let rows = self.rows
        guard let id = state.cursor, let row = cursorRow(in: rows) else { return }
        if row.row.hasReplies, !state.collapsed.contains(id) {
            mutate { _ = $0.collapsed.insert(id) }
        } else if let site = state.site, let parent = selectedEntry?.parent, parent != 0,
                  let index = Self.index(of: parent, in: rows, near: state.cursorIndex - 1,
                                         threadOrder: comments.state.comments(of: site).position(of:)) {
            select(index: index, in: rows)
        }
    }

    private func expand() {
        guard let id = state.cursor else { return }
        mutate { _ = $0.collapsed.remove(id) }
    }

    // MARK: Panes

    /// Tab: list → detail → filter panel (when open) → list. On a narrow terminal the
    /// detail replaces the list, so Tab from it goes back to the list.
    private func switchPane() {
        var panes: [Pane] = [.list, .detail]
        if state.isFilterPanelOpen { panes.append(.filters) }
        let index = panes.firstIndex(of: state.focus) ?? 0
        let next = panes[(index + 1) % panes.count]
        let isWide = layout.isWide
        mutate { state in
            state.focus = next
            if !isWide { state.isDetailOpen = next == .detail }
        }
    }

    private func open() {
        guard state.cursor != nil else { return }
        mutate { state in
            state.isDetailOpen = true
            state.focus = .detail
        }
    }

    private func close() {
        mutate { state in
            if state.isHelpVisible {
                state.isHelpVisible = false
            } else if state.focus == .detail {
                state.isDetailOpen = false
                state.focus = .list
            }
        }
    }

    // MARK: Filter panel

    private func toggleFilterPanel() {
        mutate { state in
            state.isFilterPanelOpen.toggle()
            state.focus = state.isFilterPanelOpen ? .filters : .list
        }
    }

    private func activateFilterRow(toggle: Bool) {
        let rows = FilterPanelRow.rows(for: filters.state)
        guard rows.indices.contains(state.filterCursor) else { return }
        switch rows[state.filterCursor] {
        case .group(let group, let isExpanded):
            dispatcher.dispatch(FilterAction.selectGroup(isExpanded ? nil : group.id))
        case .filter(let filter):
            if toggle { dispatcher.dispatch(FilterAction.toggle(filter.id)) }
        }
    }
}
