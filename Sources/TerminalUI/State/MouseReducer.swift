import Flux
import CommentsKit

/// Clicks and the wheel: what is under the pointer (``Layout/target(x:y:state:rowCount:filterRowCount:)``,
/// the layout the views draw with) decides what a report does.
///
/// - a left click on a list row puts the cursor there (the list takes focus); a double
///   click opens it, as Enter does;
/// - a click in the detail pane gives it focus;
/// - a click on a filter-panel line toggles that filter, or opens / closes that group;
/// - the wheel scrolls the pane under the pointer, three lines a notch: the list moves its
///   cursor (so the list scrolls as with `j`/`k`), the detail pane its text, the filter
///   panel its highlight.
///
/// Only while browsing: over the editors, a question or the help, reports do nothing
/// (a click must not send, discard or answer anything). Releases, drags, other buttons
/// and Shift/Ctrl/Alt clicks are ignored (most terminals keep Shift+drag for their own
/// selection and never report it).
@MainActor
struct MouseReducer {
    let inputs: UIInputs
    let navigation: NavigationReducer

    /// Lines one wheel notch scrolls.
    static let wheelLines = 3

    /// Acts on `event`; returns what a click asks of the filter store (a filter to toggle,
    /// a group to open or close).
    func reduce(_ event: MouseEvent, _ state: inout UIState) -> Effect<UIAction> {
        guard case .normal = state.mode, !state.isHelpVisible, !state.isQuitPending else { return .none }
        guard !event.shift, !event.control, !event.alt else { return .none }
        let layout = Layout(state)
        let rows = inputs.rows(state)
        let panelRows = FilterPanelRow.rows(for: inputs.filters.state)
        let target = layout.target(x: event.x, y: event.y, state: state, rowCount: rows.count, filterRowCount: panelRows.count)
        switch (event.button, event.kind) {
        case (.wheelUp, _), (.wheelDown, _):
            scroll(target, down: event.button == .wheelDown, rows: rows, &state)
        case (.left, .press):
            return click(target, count: event.clickCount, rows: rows, panelRows: panelRows, &state)
        default:
            break
        }
        return .none
    }

    private func scroll(_ target: LayoutTarget, down: Bool, rows: [ListRow], _ state: inout UIState) {
        switch target {
        case .listRow, .listBlank:
            state.select(index: state.cursorIndex + (down ? 1 : -1) * Self.wheelLines, in: rows)
        case .detail:
            for _ in 0..<Self.wheelLines { navigation.scrollDetail(down ? .down : .up, &state) }
        case .filterRow, .filterBlank:
            for _ in 0..<Self.wheelLines { navigation.moveInFilterPanel(down ? .down : .up, &state) }
        case .none:
            break
        }
    }

    private func click(_ target: LayoutTarget, count: Int, rows: [ListRow], panelRows: [FilterPanelRow], _ state: inout UIState) -> Effect<UIAction> {
        switch target {
        case .listRow(let index):
            state.select(index: index, in: rows)
            state.focus = .list
            state.followsEnd = false
            if count >= 2 { return navigation.reduce(.open, &state) }
        case .listBlank:
            state.focus = .list
        case .detail:
            state.focus = .detail
        case .filterRow(let index):
            state.focus = .filters
            state.filterCursor = index
            state.filterCursorID = panelRows[index].id
            return navigation.reduce(.toggleHighlightedFilter, &state)
        case .filterBlank:
            state.focus = .filters
        case .none:
            break
        }
        return .none
    }
}
