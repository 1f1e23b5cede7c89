/// A rectangle of cells.
public struct Rect: Equatable, Sendable {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// Makes a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }
}

/// Where each pane goes for a terminal size and the open panes: the one place that knows
/// the screen's geometry, used by the views to draw and by ``UIStore`` to scroll.
public struct Layout: Equatable, Sendable {
    /// Below this many columns parley shows "terminal too small".
    public static let minimumWidth = 40
    /// Below this many rows parley shows "terminal too small".
    public static let minimumHeight = 10
    /// From this many columns (after the filter panel) the detail pane sits beside the list.
    public static let wideWidth = 100

    /// Whether the terminal is below the minimum size.
    public let isTooSmall: Bool
    /// The header line.
    public let header: Rect
    /// The status line at the bottom.
    public let status: Rect
    /// The comment list, when shown.
    public let list: Rect?
    /// The detail pane, when shown.
    public let detail: Rect?
    /// The filter panel, when open.
    public let filters: Rect?
    /// Whether list and detail are side by side.
    public let isWide: Bool

    /// The layout for `state`.
    public init(_ state: UIState) {
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
    public static func composerHeight(lineCount: Int, listHeight: Int) -> Int {
        min(max(lineCount + 2, 5), max(3, listHeight / 2))
    }
}
