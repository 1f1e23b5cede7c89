import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// The reply editor names the keys the user bound (issue 16): its title said "Ctrl-S send"
/// after `[keys.compose]` moved send elsewhere, and `?` in the editor did not list
/// Ctrl-Left / Ctrl-Right, which move by word there.
@MainActor
@Suite struct ComposerKeysTests {
    private func remapped(_ settings: [(String?, String, String)]) throws -> KeyMap {
        let (map, problems) = KeyMap.standard.remapped(by: settings.enumerated().map {
            KeySetting(table: $0.element.0, key: $0.element.1, action: $0.element.2, place: "config.toml:\($0.offset + 1)")
        })
        try #require(problems.isEmpty, "\(problems)")
        return map
    }

    /// The line the reply box's top border is drawn on.
    private func boxTitle(_ app: UIHarness) throws -> String {
        let row = try #require((0..<app.ui.state.height).first { app.frame.canvas.line($0).contains("┌") })
        return app.frame.canvas.line(row)
    }

    @Test func aRemappedSendKeyShowsInTheReplyBoxTitleAndHints() async throws {
        let keyMap = try remapped([("compose", "ctrl-g", "send"), ("compose", "f2", "cancel"), ("compose", "f3", "external-editor")])
        let app = try UIHarness(width: 90, height: 24, keyMap: keyMap)
        try await app.start()
        app.press(.character("r"))
        let title = try boxTitle(app)
        #expect(title.contains("Ctrl-G send"), "\(title)")
        #expect(title.contains("F2 cancel"), "\(title)")
        #expect(title.contains("F3 $EDITOR"), "\(title)")
        #expect(!title.contains("Ctrl-S"), "\(title)")
        #expect(!title.contains("Esc cancel"), "\(title)")
        let status = app.frame.canvas.line(23)
        #expect(status.contains("Ctrl-G send"), "\(status)")
        #expect(!status.contains("Ctrl-S"), "\(status)")
    }

    @Test func anEditSaysSaveWithTheRemappedKey() async throws {
        let keyMap = try remapped([("compose", "ctrl-g", "send")])
        let app = try UIHarness(width: 90, height: 24, keyMap: keyMap)
        try await app.start()
        let composer = Composer(site: try #require(app.ui.state.site), purpose: .edit(id: try #require(app.selected).id), editor: TextEditor())
        let model = ScreenModel(store: app.ui, keyMap: keyMap, now: app.now)
        let title = ComposerView.title(for: composer, model: model, room: 95).text
        #expect(title.contains("Ctrl-G save"), "\(title)")
        #expect(!title.contains("Ctrl-S"), "\(title)")
    }

    @Test func anUnboundKeyIsNotNamedInTheTitle() async throws {
        // [keys] binds the editor's Ctrl-O elsewhere: the title stops offering it.
        let keyMap = try remapped([("compose", "ctrl-o", "send")])
        let app = try UIHarness(width: 90, height: 24, keyMap: keyMap)
        try await app.start()
        app.press(.character("r"))
        let title = try boxTitle(app)
        #expect(title.contains("Ctrl-O send"), "\(title)")
        #expect(!title.contains("$EDITOR"), "\(title)")
    }

    @Test func theEditorsHelpListsControlArrowsAsWordMoves() {
        let rows = KeyMap.standard.help(for: .compose)
        let left = rows.first { $0.name == "word-left" }
        let right = rows.first { $0.name == "word-right" }
        #expect(left?.keys.contains("Ctrl-Left") == true, "\(String(describing: left))")
        #expect(right?.keys.contains("Ctrl-Right") == true, "\(String(describing: right))")
        #expect(KeyMap.standard.action(for: .controlLeft, in: .compose) as? UIAction == .editorCommand(.wordLeft))
    }

    @Test func controlRightMovesAWordInTheEditor() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        app.press(.character("r"))
        app.type("one two three")
        app.press(.home, .controlRight)
        app.type("X")
        guard case .compose(let composer) = app.ui.state.mode else {
            Issue.record("the editor closed")
            return
        }
        #expect(composer.editor.text == "oneX two three")
    }
}
