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
    /// text, within a list of `listHeight` rows.
    package static func composerHeight(lineCount: Int, listHeight: Int) -> Int {
        min(max(lineCount + 2, 5), max(3, listHeight / 2))
    }
}
