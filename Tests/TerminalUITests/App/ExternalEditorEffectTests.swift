import Foundation
import Testing
import Flux
import CommentsKit
@testable import TerminalUI

/// `E` runs the external editor as an effect of the UI store, through an injected editor:
/// here one that answers at once, so no process runs and nothing sleeps.
@MainActor
@Suite struct ExternalEditorEffectTests {
    /// An editor that appends a line, or fails.
    struct FakeEditor: ExternalEditing {
        var fails = false
        func edit(_ text: String) async -> String? {
            fails ? nil : text + "Written in the external editor\n"
        }
    }

    private func store(_ app: UIHarness, editor: FakeEditor?) -> UIStore {
        UIStore(comments: app.comments, filters: app.filters, visible: app.visible, editor: editor,
                dispatcher: app.dispatcher, initialState: app.ui.state)
    }

    @Test func theEditorsTextComesBackIntoTheReply() async throws {
        let app = try UIHarness()
        try await app.start()
        let ui = store(app, editor: FakeEditor())
        app.dispatcher.dispatch(UIAction.openExternalEditor)
        let state = try await ui.state { if case .compose = $0.mode { $0.hint == nil && Self.text($0) != "" } else { false } }
        #expect(Self.text(state) == "Written in the external editor", "the closing newline is dropped")
    }

    @Test func aFailedEditorKeepsTheTextAndSaysSo() async throws {
        let app = try UIHarness()
        try await app.start()
        let ui = store(app, editor: FakeEditor(fails: true))
        app.dispatcher.dispatch(UIAction.openExternalEditor)
        let state = try await ui.state { $0.hint != nil }
        #expect(state.hint == "The editor failed; your text is unchanged.")
        #expect(Self.text(state) == "")
    }

    @Test func withoutAnEditorNothingRuns() async throws {
        let app = try UIHarness()
        try await app.start()
        let ui = store(app, editor: nil)
        app.dispatcher.dispatch(UIAction.openExternalEditor)
        #expect(ui.state.hint == "No external editor in this session.")
        if case .compose = ui.state.mode {} else { Issue.record("the reply editor is open") }
    }

    private static func text(_ state: UIState) -> String {
        if case .compose(let composer) = state.mode { return composer.editor.text }
        return ""
    }
}
