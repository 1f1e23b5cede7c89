import Testing
import Foundation
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

/// No key, chord or paste loses a reply or acts on a comment by accident: Alt chords,
/// Ctrl-D, the discard question and pastes, driven through the key map.
@MainActor
@Suite struct AccidentalKeysTests {
    /// About 3,000 characters of reply, in words.
    private static let longReply = String(repeating: "A long and careful answer. ", count: 111)

    private func openReply(_ app: UIHarness, typing text: String) throws -> Int {
        let parent = try #require(app.selected).id
        app.press(.character("r"))
        app.type(text)
        return parent
    }

    private func editorText(_ app: UIHarness) -> String? {
        guard case .compose(let composer) = app.ui.state.mode else { return nil }
        return composer.editor.text
    }

    @Test func altYAsEscThenYKeepsAFullReply() async throws {
        let app = try UIHarness()
        try await app.start()
        _ = try openReply(app, typing: Self.longReply)
        // What an undecoded Alt-y was: Esc, then y answering the question Esc asked.
        app.press(.escape, .character("y"))
        #expect(editorText(app) == Self.longReply)
        app.press(.alt(.character("y")))
        #expect(editorText(app) == Self.longReply)
        #expect(!app.screen.contains("discarded"))
    }

    @Test func altFAndAltBMoveInsteadOfAskingOrTyping() async throws {
        let app = try UIHarness()
        try await app.start()
        _ = try openReply(app, typing: "two words")
        app.press(.alt(.character("b")))
        #expect(app.ui.state.keyContext == .compose, "no discard question")
        app.press(.alt(.character("f")), .alt(.character("b")), .alt(.character("d")))
        #expect(editorText(app) == "two ", "Alt-d deleted the word; nothing typed “b” or “f”")
    }

    @Test func onlyCtrlXAnswersTheDiscardQuestion() async throws {
        let app = try UIHarness()
        try await app.start()
        _ = try openReply(app, typing: "half a thought")
        app.press(.escape)
        #expect(app.ui.state.keyContext == .confirmDiscard)
        #expect(app.screen.contains("Ctrl-X  discard"))
        #expect(app.screen.contains("Ctrl-X discard · any other key keeps it"))
        app.press(.escape)
        #expect(app.ui.state.keyContext == .compose, "Esc keeps writing")
        for letter in ["y", "Y", "n", "b", "f", "d", "u", ":"] as [Character] {
            app.press(.escape, .character(letter))
            #expect(editorText(app) == "half a thought", "Esc \(letter) keeps the text and types nothing")
        }
        app.press(.escape, .paste("pasted"))
        #expect(app.ui.state.keyContext == .confirmDiscard, "a paste answers nothing")
        app.press(.character("x"))
        #expect(app.ui.state.keyContext == .compose, "any other key keeps writing")
        #expect(editorText(app) == "half a thought", "and is not typed")
    }

    @Test func discardingKeepsTheReplyAsADraftThatRBringsBack() async throws {
        let app = try UIHarness()
        try await app.start()
        let parent = try openReply(app, typing: "worth keeping")
        app.press(.escape, .control("x"))
        #expect(app.ui.state.mode == .normal)
        #expect(app.screen.contains("Reply discarded: r brings it back."))
        try await app.draftsWritten()
        let drafts = DraftStore(directory: app.stateDirectory.appendingPathComponent("drafts"))
        #expect(drafts.load(site: try #require(app.ui.state.site), .reply(parent: parent)) == "worth keeping")
        app.press(.character("r"))
        #expect(editorText(app) == "worth keeping")
        #expect(app.screen.contains("Draft restored."))
    }

    @Test func aDraftKeptOnlyInMemoryStillCountsAsKept() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try #require(app.ui.state.site)
        let parent = try #require(app.selected)
        let memory = DraftStore.memoryOnly(tried: URL(fileURLWithPath: "/proc/nonexistent/drafts"))
        var asking = Composer(site: site, purpose: .reply(post: parent.post, parent: parent.id), editor: TextEditor(text: "only in memory"))
        asking.isConfirmingDiscard = true
        let ui = UIStore(comments: app.comments, filters: app.filters, visible: app.visible, drafts: memory, dispatcher: app.dispatcher,
                         initialState: { var s = app.ui.state; s.mode = .compose(asking); return s }())
        app.dispatcher.dispatch(UIAction.confirmDiscard)
        #expect(ui.state.mode == .normal)
        #expect(ui.state.hint == "Reply discarded: r brings it back.")
        let draft = DraftRef(site: site, .reply(parent: parent.id))
        #expect(ui.state.drafts[draft] == "only in memory")
        #expect(ui.state.drafts.unwritten == [draft], "not on disk: quitting asks first")
        #expect(ui.state.drafts.writesInFlight.isEmpty, "nothing is written where nothing can be")
    }

    @Test func aBlankReplyClosesWithoutAQuestion() async throws {
        let app = try UIHarness()
        try await app.start()
        _ = try openReply(app, typing: "  ")
        app.press(.escape)
        #expect(app.ui.state.mode == .normal)
    }

    @Test func discardingAFailedReplyNeedsCtrlXAndKeepsItsText() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try #require(app.ui.state.site)
        app.server.faults.offline = true
        let parent = try openReply(app, typing: "Do not lose me")
        app.press(.control("s"))
        try await app.settled()
        let failed = try #require(app.comments.state.comments(of: site).localEntries.first)
        let index = try #require(app.ui.rows.firstIndex { $0.id == failed.id })
        for _ in 0..<index { app.press(.character("j")) }
        app.press(.character("d"))
        #expect(app.ui.state.keyContext == .confirmDiscard)
        app.press(.character("y"))
        #expect(app.comments.state.comments(of: site)[failed.id] != nil, "y keeps it")
        app.press(.character("d"), .control("x"))
        #expect(app.comments.state.comments(of: site)[failed.id] == nil)
        try await app.draftsWritten()
        let drafts = DraftStore(directory: app.stateDirectory.appendingPathComponent("drafts"))
        #expect(drafts.load(site: site, .reply(parent: parent)) == "Do not lose me")
    }

    @Test func ctrlDDeletesInTheEditorAndNeverSends() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try #require(app.ui.state.site)
        let before = app.comments.state.comments(of: site).allEntries.count
        _ = try openReply(app, typing: "half-written")
        app.press(.control("d"))
        #expect(editorText(app) == "half-written", "at the end of the text: nothing")
        app.press(.left, .control("d"))
        #expect(editorText(app) == "half-writte")
        #expect(app.comments.state.writesInFlight == 0)
        #expect(app.comments.state.comments(of: site).allEntries.count == before, "nothing posted")
        #expect(app.frame.canvas.text.contains("Ctrl-S send"))
    }

    @Test func anEditSaysCtrlSSaveInItsTitleAndTheStatusBar() {
        var ui = UIState()
        ui.mode = .compose(Composer(site: "s", purpose: .edit(id: 1), editor: TextEditor(text: "x")))
        #expect(StatusBarView.hints(for: ui).hasPrefix("Ctrl-S save"))
        ui.mode = .compose(Composer(site: "s", purpose: .reply(post: 1, parent: 1), editor: TextEditor(text: "x")))
        #expect(StatusBarView.hints(for: ui).hasPrefix("Ctrl-S send"))
    }

    @Test func theEditorsHelpListsTheReadlineKeys() {
        let help = KeyMap.standard.help(for: .compose).map(\.keys)
        for keys in ["Ctrl-S", "Ctrl-D", "Alt-b", "Alt-f", "Alt-d"] {
            #expect(help.contains { $0.split(separator: " ").contains(Substring(keys)) }, "\(keys)")
        }
        #expect(!help.contains { $0.contains("Ctrl-D") && $0.contains("Ctrl-S") }, "Ctrl-D does not send")
    }

    @Test func f1InTheEditorShowsItsKeysAndAnyKeyClosesThem() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        _ = try openReply(app, typing: "kept")
        app.press(.function(1))
        #expect(app.screen.contains("Keys: Reply editor"))
        #expect(app.screen.contains("Alt-b"))
        app.press(.character("q"))
        #expect(!app.ui.state.isHelpVisible)
        #expect(!app.ui.state.isQuitting)
        #expect(editorText(app) == "kept", "the key that closed the help was not typed")
    }

    @Test func aPasteIntoTheListIsIgnoredWithAHint() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try #require(app.ui.state.site)
        let rows = app.ui.rows.map(\.id)
        let statuses = app.comments.state.comments(of: site).allEntries.map(\.status)
        app.press(.paste("dddsss"), .paste("D"))
        #expect(app.ui.rows.map(\.id) == rows, "nothing trashed")
        #expect(app.comments.state.comments(of: site).allEntries.map(\.status) == statuses, "nothing spammed")
        #expect(app.comments.state.writesInFlight == 0)
        #expect(app.ui.state.mode == .normal, "no question")
        #expect(app.screen.contains("Paste ignored: no text field has focus."))
    }

    @Test func aPasteIsIgnoredInTheDetailTheFilterPanelAndTheHelp() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let enabled = app.filters.state.enabled
        app.press(.tab)
        #expect(app.ui.state.keyContext == .detail)
        app.press(.paste("sD"))
        #expect(app.ui.state.hint == "Paste ignored: no text field has focus.")
        app.press(.tab, .character("f"))
        #expect(app.ui.state.keyContext == .filters)
        app.press(.paste(" x"))
        #expect(app.filters.state.enabled == enabled)
        #expect(app.ui.state.hint == "Paste ignored: no text field has focus.")
        app.press(.character("f"), .character("?"))
        #expect(app.ui.state.keyContext == .help)
        app.press(.paste("q"))
        #expect(app.ui.state.isHelpVisible, "a paste does not close the help")
        #expect(!app.ui.state.isQuitting)
        // An Alt chord the help does not take is the Esc and the key, typed quickly (issue 29).
        app.press(.alt(.character("j")))
        #expect(!app.ui.state.isHelpVisible, "its Esc closed the help")
    }

    @Test func aPasteIntoTheEditorArrivesAsText() async throws {
        let app = try UIHarness()
        try await app.start()
        _ = try openReply(app, typing: "> ")
        app.press(.paste("dddsss\r\nsecond\tline\u{1B}[2J"))
        #expect(editorText(app) == "> dddsss\nsecond    line")
        #expect(app.comments.state.writesInFlight == 0)
    }

    @Test func aPasteIntoTheSearchBecomesOneLine() async throws {
        let app = try UIHarness()
        try await app.start()
        app.press(.character("/"), .paste("thanks\r\nfor"))
        guard case .search(let prompt) = app.ui.state.mode else {
            Issue.record("the search prompt stays open")
            return
        }
        #expect(prompt.editor.text == "thanks for")
        #expect(app.filters.state.searchText == "thanks for")
    }

    @Test func aPasteInAConfirmationIsIgnored() async throws {
        let app = try UIHarness()
        try await app.start()
        let target = try #require(app.selected)
        app.press(.character("D"), .paste("y"))
        #expect(app.ui.state.keyContext == .confirm, "still asking")
        app.press(.character("n"))
        #expect(app.ui.rows.contains { $0.id == target.id })
    }
}
