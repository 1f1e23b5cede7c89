/// A rectangle of cells.
package struct Rect: Equatable, Sendable {
    /// Left column.
    package var x: Int
    /// Top row.
    package var y: Int
    /// Columns.
    package var width: Int
    /// Rows.
    package var height: Int

    /// Makes a rectangle.
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }
}

/// Where each pane goes for a terminal size and the open panes: the one place that knows
/// the screen's geometry, used by the views to draw and by ``UIStore`` to scroll.
package struct Layout: Equatable, Sendable {
    /// Below this many columns parley shows "terminal too small".
    package static let minimumWidth = 40
    /// Below this many rows parley shows "terminal too small".
    package static let minimumHeight = 10
    /// From this many columns (after the filter panel) the detail pane sits beside the list.
    package static let wideWidth = 100

    /// Whether the terminal is below the minimum size.
    package let isTooSmall: Bool
    /// The header line.
    package let header: Rect
    /// The status line at the bottom.
    package let status: Rect
    /// The comment list, when shown.
    package let list: Rect?
    /// The detail pane, when shown.
    package let detail: Rect?
    /// The filter panel, when open.
    package let filters: Rect?
    /// Whether list and detail are side by side.
    package let isWide: Bool

    /// The layout for `state`.
    package init(_ state: UIState) {
        let width = max(0, state.width), height = max(0, state.height)
        isTooSmall = width < Self.minimumWidth || height < Self.minimumHeight
        header = Rect(x: 0, y: 0, width: width, height: 1)
        status = Rect(x: 0, y: max(0, height - 1), width: width, height: 1)
        let bodyHeight = max(0, height - 2)
        var left = 0
        if state.isFilterPanelOpen {
            let panelWidth = min(36, max(24, width / 3))
            filters = Rect(x: 0, y: 1, width: panelWidth, height: bodyHeight)
            left = panelWidth + 1
        } else {
            filters = nil
        }
        let rest = width - left
        isWide = rest >= Self.wideWidth
        if isWide {
            let listWidth = rest * 11 / 20
            list = Rect(x: left, y: 1, width: listWidth, height: bodyHeight)
            detail = Rect(x: left + listWidth + 1, y: 1, width: rest - listWidth - 1, height: bodyHeight)
        } else if state.isDetailOpen {
            list = nil
            detail = Rect(x: left, y: 1, width: rest, height: bodyHeight)
        } else {
            list = Rect(x: left, y: 1, width: rest, height: bodyHeight)
            detail = nil
        }
    }

    /// Rows of the inline reply editor box (borders included) for `lineCount` lines of
    /// text, within a list of `listHeight` rows: it grows with the text up to half the
    /// list, then scrolls.
    package static func composerHeight(lineCount: Int, listHeight: Int) -> Int {
        min(max(lineCount + 2, 5), max(3, listHeight / 2))
    }

    /// The editor box's height for `editor` in `list`: its text counted in display rows
    /// (soft-wrapped as drawn), so a long paragraph grows the box as its lines would.
    package static func composerHeight(for editor: TextEditor, list: Rect) -> Int {
        composerHeight(lineCount: editor.layout(width: composerTextWidth(listWidth: list.width)).lines.count, listHeight: list.height)
    }

    /// Columns of text in the editor box: it is indented 2 under its comment, and has a
    /// border and a space of margin on each side (``ComposerView``).
    package static func composerTextWidth(listWidth: Int) -> Int {
        max(1, listWidth - 6)
    }
}

// MARK: Hit-testing (the mouse)

extension Rect {
    /// Whether the cell at `x`, `y` lies inside.
    package func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < self.x + width && y >= self.y && y < self.y + height
    }
}

/// What a cell of the screen shows, for a click or a wheel turn there.
package enum LayoutTarget: Equatable, Sendable {
    /// Row `index` of the comment list (an index into the list's rows).
    case listRow(Int)
    /// The list pane, below its last row.
    case listBlank
    /// The detail pane.
    case detail
    /// Line `index` of the filter panel (an index into ``FilterPanelRow/rows(for:)``).
    case filterRow(Int)
    /// The filter panel outside its lines (title, footer).
    case filterBlank
    /// Nothing that takes a click: the header, the status line, a border.
    case none
}

extension Layout {
    /// What is drawn at `x`, `y` for `state`, with `rowCount` list rows and
    /// `filterRowCount` filter-panel lines — the same arithmetic as ``CommentListView`` and
    /// ``FilterPanelView`` (the reply editor is not counted: the mouse is off while one is open).
    package func target(x: Int, y: Int, state: UIState, rowCount: Int, filterRowCount: Int) -> LayoutTarget {
        guard !isTooSmall else { return .none }
        if let list, list.contains(x: x, y: y) {
            let index = state.scrollTop + (y - list.y)
            return index < rowCount ? .listRow(index) : .listBlank
        }
        if let detail, detail.contains(x: x, y: y) { return .detail }
        if let filters, filters.contains(x: x, y: y) {
            let first = Self.filterPanelFirstLine(cursor: state.filterCursor, lineCount: filterRowCount, panelHeight: filters.height)
            let offset = y - filters.y - 1
            guard offset >= 0, offset < Self.filterPanelVisibleLines(panelHeight: filters.height) else { return .filterBlank }
            let index = first + offset
            return index < filterRowCount ? .filterRow(index) : .filterBlank
        }
        return .none
    }

    /// How many lines of the filter panel show (the title above, two lines below).
    package static func filterPanelVisibleLines(panelHeight: Int) -> Int {
        max(0, panelHeight - 3)
    }

    /// The first filter-panel line shown: the highlighted one kept near the middle.
    package static func filterPanelFirstLine(cursor: Int, lineCount: Int, panelHeight: Int) -> Int {
        let visible = filterPanelVisibleLines(panelHeight: panelHeight)
        return max(0, min(cursor - visible / 2, lineCount - visible))
    }
}
