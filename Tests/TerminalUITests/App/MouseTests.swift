import Testing
import CommentsKit
@testable import TerminalUI

/// Clicks and the wheel, through ``MouseReducer`` and the layout the views draw with.
@MainActor
@Suite struct MouseTests {
    private func click(_ app: UIHarness, x: Int, y: Int, count: Int = 1) {
        app.dispatcher.dispatch(UIAction.mouse(MouseEvent(button: .left, kind: .press, x: x, y: y, clickCount: count)))
    }

    private func wheel(_ app: UIHarness, down: Bool, x: Int, y: Int) {
        app.dispatcher.dispatch(UIAction.mouse(MouseEvent(button: down ? .wheelDown : .wheelUp, kind: .press, x: x, y: y)))
    }

    @Test func hitTestingFollowsTheLayout() {
        var state = UIState()
        state.width = 80
        state.height = 24
        state.scrollTop = 10
        let layout = Layout(state)
        #expect(layout.target(x: 5, y: 1, state: state, rowCount: 100, filterRowCount: 0) == .listRow(10))
        #expect(layout.target(x: 5, y: 22, state: state, rowCount: 100, filterRowCount: 0) == .listRow(31))
        #expect(layout.target(x: 5, y: 22, state: state, rowCount: 20, filterRowCount: 0) == .listBlank)
        #expect(layout.target(x: 5, y: 0, state: state, rowCount: 100, filterRowCount: 0) == .none, "the header")
        #expect(layout.target(x: 5, y: 23, state: state, rowCount: 100, filterRowCount: 0) == .none, "the status line")
        state.width = 140
        state.isFilterPanelOpen = true
        let wide = Layout(state)
        let panel = try! #require(wide.filters)
        let detail = try! #require(wide.detail)
        #expect(wide.target(x: 2, y: 3, state: state, rowCount: 100, filterRowCount: 8) == .filterRow(1))
        #expect(wide.target(x: 2, y: 1, state: state, rowCount: 100, filterRowCount: 8) == .filterBlank, "the title")
        #expect(wide.target(x: panel.width, y: 5, state: state, rowCount: 100, filterRowCount: 8) == .none, "the border")
        #expect(wide.target(x: detail.x + 3, y: 5, state: state, rowCount: 100, filterRowCount: 8) == .detail)
    }

    @Test func aClickPutsTheCursorOnTheRowAndADoubleClickOpensIt() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        let fifth = app.ui.rows[4].id
        click(app, x: 10, y: 5)
        #expect(app.ui.state.cursor == fifth)
        #expect(!app.ui.state.isDetailOpen)
        click(app, x: 10, y: 5, count: 2)
        #expect(app.ui.state.isDetailOpen)
        #expect(app.ui.state.focus == .detail)
        #expect(app.screen.contains("comment #\(fifth)"))
    }

    @Test func theWheelMovesTheListAndScrollsTheDetailPane() async throws {
        let app = try UIHarness(width: 132, height: 24)
        try await app.start()
        let layout = app.ui.layout
        let list = try #require(layout.list)
        let detail = try #require(layout.detail)
        wheel(app, down: true, x: list.x + 2, y: 5)
        #expect(app.ui.state.cursorIndex == MouseReducer.wheelLines)
        wheel(app, down: false, x: list.x + 2, y: 5)
        #expect(app.ui.state.cursorIndex == 0)
        // The detail pane of a comment long enough to scroll.
        let long = try #require(app.ui.rows.firstIndex { row in
            app.ui.comments.state.comments(of: app.ui.state.site ?? "")[row.id].map {
                DetailContent.lines(for: $0, in: app.comments.state, site: app.ui.state.site ?? "", width: detail.width).count > detail.height + 3
            } ?? false
        })
        app.dispatcher.dispatch(UIAction.mouse(MouseEvent(button: .left, kind: .press, x: list.x + 2, y: list.y + long - app.ui.state.scrollTop)))
        if app.ui.state.cursorIndex != long {
            for _ in 0..<long { app.press(.character("j")) }
        }
        app.rest()
        wheel(app, down: true, x: detail.x + 2, y: 5)
        #expect(app.ui.state.detailScroll == MouseReducer.wheelLines)
        #expect(app.ui.state.cursorIndex == long, "the list stays")
    }

    /// The screen row of filter-panel line `index`, as the panel draws it now (nil: not shown).
    private func panelY(_ app: UIHarness, line index: Int) -> Int? {
        guard let panel = app.ui.layout.filters else { return nil }
        let count = FilterPanelRow.rows(for: app.filters.state).count
        let first = Layout.filterPanelFirstLine(cursor: app.ui.state.filterCursor, lineCount: count, panelHeight: panel.height)
        let offset = index - first
        return offset >= 0 && offset < Layout.filterPanelVisibleLines(panelHeight: panel.height) ? panel.y + 1 + offset : nil
    }

    @Test func aClickOnAGroupOpensItAndOnAFilterTogglesIt() async throws {
        let app = try UIHarness(width: 132, height: 30)
        try await app.start()
        app.press(.character("f"))
        let panel = try #require(app.ui.layout.filters)
        var rows = FilterPanelRow.rows(for: app.filters.state)
        if !rows.contains(where: { if case .filter = $0 { true } else { false } }) {
            let closed = try #require(rows.indices.first { if case .group(_, false) = rows[$0] { true } else { false } })
            guard case .group(let group, _) = rows[closed] else { return }
            click(app, x: panel.x + 3, y: try #require(panelY(app, line: closed)))
            rows = FilterPanelRow.rows(for: app.filters.state)
            #expect(rows.contains { if case .group(let g, true) = $0 { g.id == group.id } else { false } }, "the group opened")
        }
        let index = try #require(rows.indices.first { if case .filter = rows[$0] { true } else { false } })
        guard case .filter(let filter) = rows[index] else { return }
        click(app, x: panel.x + 3, y: try #require(panelY(app, line: index)))
        let toggled = app.filters.state.groups.flatMap(\.filters).first { $0.id == filter.id }
        #expect(toggled?.isEnabled == !filter.isEnabled)
        #expect(app.ui.state.focus == .filters)
    }

    @Test func clicksDoNothingWhileTheEditorIsOpen() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        let before = app.ui.state.cursor
        app.press(.character("r"))
        click(app, x: 10, y: 15)
        wheel(app, down: true, x: 10, y: 15)
        #expect(app.ui.state.cursor == before)
        if case .compose = app.ui.state.mode {} else { Issue.record("the editor stays open") }
    }
}
