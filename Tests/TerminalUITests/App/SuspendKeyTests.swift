import Testing
@testable import TerminalUI

/// Ctrl-Z is job control in every context, as in a cooked terminal, and `?` lists it.
@MainActor @Suite struct SuspendKeyTests {
    @Test(arguments: KeyContext.allCases)
    func ctrlZSuspendsInEveryContext(_ context: KeyContext) {
        #expect(KeyMap.standard.action(for: .control("z"), in: context) as? UIAction == .suspend)
    }

    @Test func theHelpOfTheListNamesIt() {
        #expect(KeyMap.standard.help(for: .list).contains { $0.keys == "Ctrl-Z" && $0.help.contains("suspend") })
    }

    @Test func suspendingChangesNothingInTheState() async throws {
        let app = try UIHarness(width: 100, height: 30)
        try await app.start()
        app.press(.character("r"), .character("h"), .character("i"))
        let before = app.ui.state
        app.press(.control("z"))
        #expect(app.ui.state == before)
    }
}
