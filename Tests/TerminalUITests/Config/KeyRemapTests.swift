import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// `[keys]` in config.toml: a remap works, the old key stops doing it in that context,
/// the help and the hints name the new key, and what cannot be used is said with its line.
@MainActor
@Suite struct KeyRemapTests {
    private func remap(_ settings: [(String?, String, String)]) -> (map: KeyMap, problems: [String]) {
        KeyMap.standard.remapped(by: settings.enumerated().map {
            KeySetting(table: $0.element.0, key: $0.element.1, action: $0.element.2, place: "config.toml:\($0.offset + 1)")
        })
    }

    @Test func aRemappedKeyDoesItAndTheOldKeyNoLonger() {
        let (map, problems) = remap([(nil, "ctrl-t", "trash")])
        #expect(problems.isEmpty)
        for context in [KeyContext.list, .detail] {
            #expect(map.action(for: .control("t"), in: context) as? UIAction == .trash)
            #expect(map.action(for: .character("d"), in: context) == nil, "d no longer trashes in \(context)")
        }
        #expect(map.action(for: .character("a"), in: .list) as? UIAction == .moderate(.approve), "the rest stays")
    }

    @Test func aKeyTakenFromAnotherActionLeavesIt() {
        let (map, _) = remap([(nil, "x", "approve")])
        #expect(map.action(for: .character("x"), in: .list) as? UIAction == .moderate(.approve))
        #expect(map.action(for: .character("a"), in: .list) == nil)
        #expect(map.keyName(in: .list, named: "tag") == nil, "x was tag's only key")
    }

    @Test func theHelpAndTheHintsNameTheNewKey() {
        let (map, _) = remap([(nil, "ctrl-t", "trash"), (nil, "F5", "reply")])
        let page = HelpPage(keyMap: map, context: .list, nextUndo: nil, terminalWidth: 80, terminalHeight: 24)
        #expect(page.rows.contains { $0.keys == "Ctrl-T" && $0.text.hasPrefix("trash") })
        #expect(!page.rows.contains { $0.keys == "d" })
        var ui = UIState()
        ui.width = 200
        let hints = StatusBarView.hints(for: ui, keyMap: map)
        #expect(hints.contains("Ctrl-T trash"))
        #expect(hints.contains("F5 reply"))
        #expect(!hints.contains("d trash"))
    }

    @Test func theUndoNoticeNamesTheNewKey() {
        let (map, _) = remap([(nil, "U", "undo")])
        let notice = Notice(sequence: 1, kind: .info, message: "Trashed", nextStep: .undo)
        #expect(NoticeText.words(notice, keyMap: map) == "Trashed — U to undo.")
    }

    @Test func aContextTableBindsOnlyThereAndWinsOverKeys() {
        let (map, problems) = remap([(nil, "ctrl-t", "trash"), ("detail", "ctrl-t", "approve")])
        #expect(problems.isEmpty)
        #expect(map.action(for: .control("t"), in: .list) as? UIAction == .trash)
        #expect(map.action(for: .control("t"), in: .detail) as? UIAction == .moderate(.approve))
    }

    @Test func inAnEditorTheOldKeyIsNotTypedThrough() {
        let (map, problems) = remap([("compose", "ctrl-g", "send")])
        #expect(problems.isEmpty)
        #expect(map.action(for: .control("g"), in: .compose) as? UIAction == .editorCommand(.send))
        #expect(map.action(for: .control("s"), in: .compose) == nil, "the editor would still send on Ctrl-S")
        #expect(map.action(for: .character("s"), in: .compose) as? UIAction == .editorKey(.character("s")), "letters are still typed")
    }

    @Test func noneUnbindsAKey() {
        let (map, problems) = remap([(nil, "D", "none")])
        #expect(problems.isEmpty)
        #expect(map.action(for: .character("D"), in: .list) == nil)
        #expect(map.action(for: .character("D"), in: .detail) == nil)
    }

    @Test func suspendMovesEverywhere() {
        let (map, _) = remap([(nil, "ctrl-y", "suspend")])
        #expect(map.action(for: .control("y"), in: .compose) as? UIAction == .suspend)
        #expect(map.action(for: .control("z"), in: .list) == nil)
    }

    @Test func problemsNameTheLineAndWhatIsWrong() {
        let (map, problems) = remap([
            (nil, "ctrl-dd", "trash"),
            (nil, "x", "trsh"),
            ("compose", "x", "send"),
            ("list", "pgdn", "down"), ("list", "pagedown", "up"),
            ("lsit", "x", "trash"),
            (nil, "ctrl-s", "send"),
            (nil, "ctrl-j", "open"),
        ])
        #expect(problems.count == 7)
        #expect(problems[0].hasPrefix("config.toml:1: [keys]") && problems[0].contains("ctrl-dd"))
        #expect(problems[1].hasPrefix("config.toml:2:") && problems[1].contains("unknown action \"trsh\""))
        #expect(problems[2].hasPrefix("config.toml:3:") && problems[2].contains("typed"))
        #expect(problems.contains { $0.hasPrefix("config.toml:5:") && $0.contains("PgDn twice") })
        #expect(problems.contains { $0.hasPrefix("config.toml:6:") && $0.contains("[keys.lsit]") })
        #expect(problems.contains { $0.hasPrefix("config.toml:7:") && $0.contains("[keys.compose]") })
        #expect(problems.contains { $0.hasPrefix("config.toml:8:") && $0.contains("\"enter\"") })
        #expect(map.action(for: .character("d"), in: .list) as? UIAction == .trash, "the defaults stay for what failed")
    }

    @Test func aRemappedKeyWorksInTheApp() async throws {
        let (map, _) = remap([(nil, "ctrl-t", "trash"), (nil, "F2", "help")])
        let app = try UIHarness(width: 80, height: 24, keyMap: map)
        try await app.start()
        let first = try #require(app.ui.state.cursor)
        app.press(.character("d"))
        #expect(app.ui.rows.contains { $0.id == first }, "d does nothing now")
        app.press(.control("t"))
        #expect(!app.ui.rows.contains { $0.id == first } || app.comments.state.comments(of: app.ui.state.site ?? "")[first]?.status == .trash)
        app.press(.function(2))
        #expect(app.ui.state.isHelpVisible)
        app.press(.character("/"), .character("t"), .character("r"), .character("a"), .character("s"), .character("h"), .enter)
        #expect(app.screen.contains("Ctrl-T      trash"))
        #expect(app.screen.contains("F2 close"))
    }

    @Test func messagesAndQuestionsNameTheBoundKeys() async throws {
        let (map, problems) = remap([(nil, "U", "undo"), ("confirm", "o", "yes"), (nil, "ctrl-e", "close")])
        #expect(problems.isEmpty)
        let app = try UIHarness(width: 100, height: 24, keyMap: map)
        try await app.start()
        app.press(.character("x"), .character("s"))
        guard case .confirm(let confirmation) = app.ui.state.mode else {
            Issue.record("no question")
            return
        }
        #expect(confirmation.question.contains("One U undoes it all."))
        #expect(confirmation.choices.hasPrefix("o  spam 1"))
        app.press(.character("n"), .control("e"))
        #expect(app.ui.state.hint?.hasPrefix("Ctrl-E again clears") == true, "\(app.ui.state.hint ?? "")")
    }
}
