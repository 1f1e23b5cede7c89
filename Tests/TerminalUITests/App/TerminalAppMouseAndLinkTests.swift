import Foundation
import Testing
@testable import TerminalUI

/// The app's share of issue 16: mouse keys become ``UIAction/mouse(_:)`` (releases do not),
/// two quick presses are a double click, and `w` / `y` go to the browser and the clipboard
/// through ``LinkActions``, saying what they did.
@MainActor
@Suite(.serialized) struct TerminalAppMouseAndLinkTests {
    final class FakeOpener: LinkOpening, @unchecked Sendable {
        var opened: [String] = []
        func open(_ url: String) -> Result<String, LinkOpeningProblem> {
            opened.append(url)
            return .success("testbrowser")
        }
    }

    final class Clock: @unchecked Sendable {
        var now = Date(timeIntervalSince1970: 2_000_000_000)
    }

    @Test func clicksAndDoubleClicksReachTheStore() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        let screen = try NcursesScreen.headless(width: 80, height: 24)
        defer { screen.close() }
        let clock = Clock()
        let terminal = TerminalApp(store: app.ui, screen: screen, now: { clock.now })
        terminal.start(site: try #require(app.ui.state.site), watchTerminal: false, onExit: { _ in })
        #expect(screen.isMouseReporting, "on by default")
        let third = app.ui.rows[2].id
        terminal.handle(.mouse(MouseEvent(button: .left, kind: .press, x: 5, y: 3)))
        terminal.handle(.mouse(MouseEvent(button: .left, kind: .release, x: 5, y: 3)))
        #expect(app.ui.state.cursor == third)
        #expect(!app.ui.state.isDetailOpen)
        clock.now += 0.1
        terminal.handle(.mouse(MouseEvent(button: .left, kind: .press, x: 5, y: 3)))
        #expect(app.ui.state.isDetailOpen, "a double click opens")
    }

    @Test func mouseFalseLeavesReportingOff() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        let screen = try NcursesScreen.headless(width: 80, height: 24)
        defer { screen.close() }
        let terminal = TerminalApp(store: app.ui, screen: screen, options: TerminalOptions(mouse: false))
        terminal.start(site: try #require(app.ui.state.site), watchTerminal: false, onExit: { _ in })
        #expect(!screen.isMouseReporting)
    }

    @Test func wOpensTheCursorsLinkAndYShowsIt() async throws {
        let app = try UIHarness(width: 132, height: 30)
        try await app.start()
        let screen = try NcursesScreen.headless(width: 132, height: 30)
        defer { screen.close() }
        let opener = FakeOpener()
        let terminal = TerminalApp(store: app.ui, screen: screen, opener: opener)
        terminal.start(site: try #require(app.ui.state.site), watchTerminal: false, onExit: { _ in })
        let link = try #require(app.selected?.link)
        terminal.handle(.character("w"))
        #expect(opener.opened == [link])
        #expect(app.screen.contains("Opened in testbrowser"))
        terminal.handle(.character("y"))
        #expect(app.ui.state.hint?.hasPrefix("Link: \(link)") == true)
    }
}
