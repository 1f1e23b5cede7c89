import Testing
@testable import TerminalUI

/// Issue 29, "keys typed quickly are keys": an Esc and the key after it that arrive in one
/// read are decoded as an Alt chord; where nothing takes that chord, it is the Esc and the
/// key, each acting in turn — `Esc` `/` typed quickly opens the search instead of being
/// dropped (and the search's words then running as commands). An Esc that asks a question
/// still gets no answer from the key that came with it.
@MainActor
@Suite struct FastKeysTests {
    /// The keys of `text` read in one go, as the terminal delivers them.
    private func oneRead(_ text: String) -> [Key] {
        var decoder = KeyStreamDecoder()
        return text.unicodeScalars.flatMap { decoder.decode(.character($0.value)) } + decoder.endOfInput()
    }

    @Test func anAltChordNothingTakesIsEscThenTheKey() {
        let map = KeyMap.standard
        #expect(map.keys(for: .alt(.character("/")), in: .list) == [.escape, .character("/")])
        #expect(map.keys(for: .alt(.character("j")), in: .search) == [.escape, .character("j")])
        #expect(map.keys(for: .alt(.character("k")), in: .detail) == [.escape, .character("k")])
        #expect(map.keys(for: .alt(.character("y")), in: .confirm) == [.escape, .character("y")])
        #expect(map.keys(for: .alt(.control("x")), in: .compose) == [.escape, .control("x")])
        #expect(map.keys(for: .character("/"), in: .list) == [.character("/")], "a plain key is itself")
    }

    @Test func anAltChordTheContextTakesStaysAChord() {
        let map = KeyMap.standard
        for chord: Key in [.alt(.character("b")), .alt(.character("f")), .alt(.character("d")), .alt(.character("a")), .alt(.backspace)] {
            #expect(map.keys(for: chord, in: .compose) == [chord], "the reply editor's \(chord.name)")
        }
        #expect(map.keys(for: .alt(.character("y")), in: .confirmDiscard) == [.alt(.character("y"))], "any key keeps the text")
        var released = KeyMap.standard
        released.released[.list] = [.alt(.character("/"))]
        #expect(released.keys(for: .alt(.character("/")), in: .list) == [.alt(.character("/"))], "released by [keys]: nothing")
    }

    @Test func escAndSlashInOneReadOpenTheSearchAndTheWordsAreSearched() async throws {
        let app = try UIHarness()
        try await app.start()
        let keys = oneRead("\u{1B}/less")
        #expect(keys.first == .alt(.character("/")), "the terminal's read pairs them")
        for key in keys { app.press(key) }
        #expect(app.ui.state.keyContext == .search)
        #expect(app.filters.state.searchText == "less")
        #expect(!app.screen.contains("has no link"), "no letter ran as a command")
    }

    @Test func escAndALetterInTheSearchPromptCancelItThenActInTheList() async throws {
        let app = try UIHarness()
        try await app.start()
        app.press(.character("/"))
        app.type("zzz-nothing")
        for key in oneRead("\u{1B}j") { app.press(key) }
        #expect(app.ui.state.keyContext == .list)
        #expect(app.filters.state.searchText.isEmpty, "Esc cancelled the search")
        #expect(app.ui.state.cursorIndex == 1, "j moved the cursor")
    }

    @Test func altCtrlXNeverDiscardsAReply() async throws {
        let app = try UIHarness()
        try await app.start()
        app.press(.character("r"))
        app.type("worth keeping")
        app.press(.alt(.control("x")))
        #expect(app.ui.state.keyContext == .confirmDiscard, "its Esc asked")
        app.press(.character("q"))
        guard case .compose(let composer) = app.ui.state.mode else {
            Issue.record("the reply editor closed")
            return
        }
        #expect(composer.editor.text == "worth keeping")
    }
}
