import Flux
import CommentsKit

/// Sites, the cursor, folding, panes and the filter panel: the keys that move around.
@MainActor
struct NavigationReducer {
    let inputs: UIInputs

    /// Handles a navigation key; other actions change nothing here. Returns the other
    /// stores' actions it asks for (a site to show, the end of a load, a filter to toggle).
    func reduce(_ action: UIAction, _ state: inout UIState) -> Effect<UIAction> {
        switch action {
        case .switchSite(let offset): return switchSite(by: offset, &state)
        case .move(let move): return self.move(move, &state)
        case .toggleCollapse: toggleCollapse(&state)
        case .collapse: collapse(&state)
        case .expand: expand(&state)
        case .switchPane: switchPane(&state)
        case .open: open(&state)
        case .close: close(&state)
        case .toggleFilterPanel: return toggleFilterPanel(&state)
        case .toggleHighlightedFilter: return activateFilterRow(toggle: true, state)
        case .expandHighlightedGroup: return activateFilterRow(toggle: false, state)
        default: break
        }
        return .none
    }

    /// Follows the filter store: the site it shows now, the group it opened.
    func follow(_ action: FilterAction, _ state: inout UIState) -> Effect<UIAction> {
        switch action {
        case .showSite(let site): siteShown(site, &state)
        case .selectGroup(let group): groupSelected(group, &state)
        default: break
        }
        return .none
    }

    // MARK: Sites

    /// A site is being shown (the filters switch to it in the same dispatch): back where
    /// the cursor was when it was left (``UIState/sitesLeft``), else at its top with
    /// nothing folded; no message from before either way.
    private func siteShown(_ site: SiteID, _ state: inout UIState) {
        guard site != state.site else { return }
        // Whatever the status bar said was about the site being left.
        state.noticeFloor = inputs.comments.state.notice?.sequence ?? 0
        if let left = state.site {
            state.sitesLeft[left] = SitePlace(cursor: CursorPlace(state), collapsed: state.collapsed)
        }
        state.site = site
        state.cursor = nil
        state.cursorIndex = 0
        state.scrollTop = 0
        state.detailScroll = 0
        state.followsEnd = false
        state.collapsed = []
        state.mode = .normal
        if let place = state.sitesLeft.removeValue(forKey: site) {
            place.cursor.restore(&state)
            state.collapsed = place.collapsed
        }
    }

    private func switchSite(by offset: Int, _ state: inout UIState) -> Effect<UIAction> {
        let sites = inputs.comments.state.sites
        guard sites.count > 1 else {
            state.hint = "There is only one site."
            return .none
        }
        let current = sites.firstIndex { $0.id == state.site } ?? 0
        let next = ((current + offset) % sites.count + sites.count) % sites.count
        return .dispatch(FilterAction.showSite(sites[next].id))
    }

    // MARK: Moving

    private func move(_ move: CursorMove, _ state: inout UIState) -> Effect<UIAction> {
        switch state.focus {
        case .filters: moveInFilterPanel(move, &state)
        case .detail: scrollDetail(move, &state)
        case .list: return moveInList(move, &state)
        }
        return .none
    }

    private func moveInList(_ move: CursorMove, _ state: inout UIState) -> Effect<UIAction> {
        let rows = inputs.rows(state)
        guard !rows.isEmpty else { return .none }
        let page = max(1, (Layout(state).list?.height ?? 2) - 1)
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
        state.select(index: target, in: rows)
        return followEndIfLoading(move, &state)
    }

    /// `G` before everything is loaded: the end of the list is still coming, so the cursor
    /// follows it and the oldest pages load first (``CommentsAction/loadEnd(_:)``); what is
    /// in flight goes on. Any other move lets go of the end.
    private func followEndIfLoading(_ move: CursorMove, _ state: inout UIState) -> Effect<UIAction> {
        state.followsEnd = false
        guard move == .bottom, let query = inputs.query(state) else { return .none }
        let fetch = inputs.comments.state.fetch(query)
        guard fetch.hasMore || fetch.isLoading else { return .none }
        state.followsEnd = true
        return .dispatch(CommentsAction.loadEnd(query))
    }

    /// Scrolls the detail pane, never past its last line (so the way back up is never
    /// longer than the text).
    func scrollDetail(_ move: CursorMove, _ state: inout UIState) {
        guard let rect = Layout(state).detail else { return }
        let page = max(1, rect.height - 1)
        let lineCount = inputs.selectedEntry(state).map {
            DetailContent.lines(for: $0, in: inputs.comments.state, site: state.site ?? "", width: rect.width).count
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
        state.detailScroll = min(max(0, target), last)
    }

    func moveInFilterPanel(_ move: CursorMove, _ state: inout UIState) {
        let rows = FilterPanelRow.rows(for: inputs.filters.state)
        let delta = move == .up ? -1 : move == .down ? 1 : 0
        let index = min(max(0, state.filterCursor + delta), max(0, rows.count - 1))
        state.filterCursor = index
        state.filterCursorID = rows.indices.contains(index) ? rows[index].id : nil
    }

    // MARK: Folding

    private func toggleCollapse(_ state: inout UIState) {
        guard let id = state.cursor else { return }
        if state.collapsed.contains(id) {
            expand(&state)
        } else if state.cursorRow(in: inputs.rows(state))?.row.hasReplies == true {
            state.collapsed.insert(id)
        } else {
            state.hint = "No replies to fold here."
        }
    }

    private func collapse(_ state: inout UIState) {
        let rows = inputs.rows(state)
        guard let id = state.cursor, let row = state.cursorRow(in: rows) else { return }
        if row.row.hasReplies, !state.collapsed.contains(id) {
            state.collapsed.insert(id)
        } else if let parent = inputs.selectedEntry(state)?.parent, parent != 0, state.site != nil,
                  let index = ReconcileReducer.index(of: parent, in: rows, near: state.cursorIndex - 1,
                                               threadOrder: inputs.threadOrder(state.site)) {
            state.select(index: index, in: rows)
        }
    }

    private func expand(_ state: inout UIState) {
        guard let id = state.cursor else { return }
        state.collapsed.remove(id)
    }

    // MARK: Panes

    /// Tab: list → detail → filter panel (when open) → list. On a narrow terminal the
    /// detail replaces the list, so Tab from it goes back to the list.
    private func switchPane(_ state: inout UIState) {
        var panes: [Pane] = [.list, .detail]
        if state.isFilterPanelOpen { panes.append(.filters) }
        let index = panes.firstIndex(of: state.focus) ?? 0
        let next = panes[(index + 1) % panes.count]
        let isWide = Layout(state).isWide
        state.focus = next
        if !isWide { state.isDetailOpen = next == .detail }
    }

    private func open(_ state: inout UIState) {
        guard state.cursor != nil else { return }
        state.isDetailOpen = true
        state.focus = .detail
    }

    private func close(_ state: inout UIState) {
        if state.isHelpVisible {
            state.isHelpVisible = false
        } else if state.focus == .detail {
            state.isDetailOpen = false
            state.focus = .list
        }
    }

    // MARK: Filter panel

    private func toggleFilterPanel(_ state: inout UIState) -> Effect<UIAction> {
        state.isFilterPanelOpen.toggle()
        state.focus = state.isFilterPanelOpen ? .filters : .list
        return state.isFilterPanelOpen ? openOnToggles(&state) : .none
    }

    /// The panel opens showing toggles, the cursor on the first of the open group: the one
    /// the site remembers (``FilterState/selectedGroup`` is saved per site), else Status —
    /// five closed headings asked for an Enter before anything could be toggled.
    private func openOnToggles(_ state: inout UIState) -> Effect<UIAction> {
        let filters = inputs.filters.state
        let open = filters.selectedGroup ?? .status
        guard let index = filters.groups.firstIndex(where: { $0.id == open }),
              let first = filters.groups[index].filters.first else { return .none }
        guard filters.selectedGroup != nil else {
            // The group opens when the filter store has handled this: see ``groupSelected(_:_:)``.
            state.filterPanelOpensOn = open
            return .dispatch(FilterAction.selectGroup(open))
        }
        // Rows: one heading per group up to the open one, then its filters.
        state.filterCursor = index + 1
        state.filterCursorID = .filter(first.id)
        return .none
    }

    /// The filter store opened `group`: if `f` asked for it, the cursor goes to its first toggle.
    private func groupSelected(_ group: FilterGroupID?, _ state: inout UIState) {
        guard let asked = state.filterPanelOpensOn else { return }
        state.filterPanelOpensOn = nil
        guard asked == group, let first = inputs.filters.state.groups.first(where: { $0.id == group })?.filters.first else { return }
        state.filterCursorID = .filter(first.id)
    }

    private func activateFilterRow(toggle: Bool, _ state: UIState) -> Effect<UIAction> {
        let rows = FilterPanelRow.rows(for: inputs.filters.state)
        guard rows.indices.contains(state.filterCursor) else { return .none }
        switch rows[state.filterCursor] {
        case .group(let group, let isExpanded):
            return .dispatch(FilterAction.selectGroup(isExpanded ? nil : group.id))
        case .filter(let filter):
            return toggle ? .dispatch(FilterAction.toggle(filter.id)) : .none
        }
    }
}

extension UIState {
    /// Puts the cursor on row `index` of `rows` (clamped).
    mutating func select(index: Int, in rows: [ListRow]) {
        guard !rows.isEmpty else { return }
        let clamped = min(max(0, index), rows.count - 1)
        cursorIndex = clamped
        cursor = rows[clamped].id
    }

    /// The list row under the cursor (the reconciler keeps it at `cursorIndex`).
    func cursorRow(in rows: [ListRow]) -> ListRow? {
        guard rows.indices.contains(cursorIndex), rows[cursorIndex].id == cursor else { return nil }
        return rows[cursorIndex]
    }
}
