import Testing
import Foundation
import Flux
import MockREST
import CommentsKit
@testable import TerminalUI

@MainActor
@Suite struct KeyHandlingTests {
    @Test func jAndKMoveTheCursorAndTheListScrollsWithIt() async throws {
        let app = try UIHarness(height: 12)
        try await app.start()
        let rows = app.ui.rows
        #expect(app.ui.state.cursor == rows[0].id)
        app.press(.character("j"), .down)
        #expect(app.ui.state.cursor == rows[2].id)
        app.press(.character("k"))
        #expect(app.ui.state.cursorIndex == 1)
        app.press(.character("G"))
        #expect(app.ui.state.cursorIndex == rows.count - 1)
        let listHeight = try #require(Layout(app.ui.state).list?.height)
        #expect(app.ui.state.scrollTop == rows.count - listHeight, "the last row sits on the last line")
        app.press(.character("g"))
        #expect(app.ui.state.cursorIndex == 0)
        #expect(app.ui.state.scrollTop == 0)
        app.press(.pageDown)
        #expect(app.ui.state.cursorIndex == listHeight - 1)
        app.press(.control("u"))
        #expect(app.ui.state.cursorIndex == listHeight - 1 - (listHeight - 1) / 2)
        app.press(.character("k"), .character("k"), .character("k"), .character("k"), .character("k"), .character("k"), .character("k"), .character("k"))
        #expect(app.ui.state.cursorIndex == 0, "never above the top")
    }

    @Test func aCursorLeavingTheViewTakesTheListHalfAPageAlong() async throws {
        let app = try UIHarness(height: 12)
        try await app.start()
        let height = try #require(Layout(app.ui.state).list?.height)
        let jump = (height - 1) / 2
        for _ in 0..<(height - 1) { app.press(.character("j")) }
        #expect(app.ui.state.scrollTop == 0, "the last line of the view: no scroll yet")
        app.press(.character("j"))
        #expect(app.ui.state.scrollTop == 1 + jump, "one line past the view: half a page")
        let shown = app.ui.state.cursorIndex - app.ui.state.scrollTop
        for _ in 0..<(height - 1 - shown) { app.press(.character("j")) }
        #expect(app.ui.state.scrollTop == 1 + jump, "the moves in between leave the list where it is")
        app.press(.character("g"))
        app.press(.character("G"))
        #expect(app.ui.state.scrollTop == app.ui.rows.count - height, "never past the end")
        let top = app.ui.state.scrollTop
        for _ in 0..<(app.ui.state.cursorIndex - top) { app.press(.character("k")) }
        #expect(app.ui.state.scrollTop == top)
        app.press(.character("k"))
        #expect(app.ui.state.scrollTop == top - 1 - jump, "and the same way up")
    }

    @Test func spaceFoldsAThreadAndHGoesToTheParent() async throws {
        let app = try UIHarness(height: 40)
        try await app.start()
        let threadIndex = try #require(app.ui.rows.firstIndex { $0.row.hasReplies })
        for _ in 0..<threadIndex { app.press(.character("j")) }
        let countBefore = app.ui.rows.count
        app.press(.character(" "))
        let folded = try #require(app.ui.rows.first { $0.id == app.ui.state.cursor })
        #expect(folded.foldedReplies > 0)
        #expect(app.ui.rows.count == countBefore - folded.foldedReplies)
        #expect(app.screen.contains(CommentListView.foldedLabel(folded.foldedReplies)))
        app.press(.character("l"))
        #expect(app.ui.rows.count == countBefore)
        let leafIndex = try #require(app.ui.rows.firstIndex { $0.row.depth > 0 && !$0.row.hasReplies })
        app.press(.character("g"))
        for _ in 0..<leafIndex { app.press(.character("j")) }
        let parent = try #require(app.selected?.parent)
        app.press(.character("h"))
        #expect(app.ui.state.cursor == parent, "h on a reply without replies goes to its parent")
    }

    @Test func trashThenUndo() async throws {
        let app = try UIHarness()
        try await app.start()
        let target = try #require(app.selected)
        app.press(.character("d"))
        #expect(!app.ui.rows.contains { $0.id == target.id })
        #expect(app.ui.state.cursorIndex == 0, "the cursor lands where the comment was")
        try await app.settled()
        #expect(app.screen.contains("Comment moved to the trash — z to undo."))
        app.press(.character("z"))
        try await app.settled()
        #expect(app.ui.rows.contains { $0.id == target.id })
        #expect(app.server.comment(site: app.ui.state.site ?? "", id: target.id)?.status.rawValue == target.status.rawValue)
    }

    @Test func replyPostsAndAppearsUnderItsParent() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let parent = try #require(app.selected)
        app.press(.character("r"))
        app.type("Thanks — fixed in 2.1 ✓")
        app.press(.enter)
        app.type("Cheers")
        #expect(app.screen.contains("Reply to \(parent.authorName)"))
        app.press(.control("s"))
        #expect(app.ui.state.mode == .normal)
        try await app.settled()
        let reply = try #require(app.comments.state.comments(of: app.ui.state.site ?? "").allEntries.first { $0.parent == parent.id && $0.text.contains("Cheers") })
        #expect(reply.text == "Thanks — fixed in 2.1 ✓\nCheers")
        #expect(!reply.isLocal)
        let parentIndex = try #require(app.ui.rows.firstIndex { $0.id == parent.id })
        #expect(app.ui.rows[parentIndex + 1].id == reply.id || app.ui.rows.dropFirst(parentIndex + 1).prefix { $0.row.depth > 0 }.contains { $0.id == reply.id })
        #expect(app.screen.contains("Reply posted."))
    }

    @Test func aReplyThatFailsKeepsItsTextAndROpensItAgain() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try #require(app.ui.state.site)
        app.server.faults.failureRate = 1
        app.press(.character("r"))
        app.type("Important answer")
        app.press(.control("s"))
        try await app.settled()
        #expect(app.screen.contains("Reply failed, your text is kept"))
        let failed = try #require(app.comments.state.comments(of: site).allEntries.first { $0.isLocal })
        #expect(failed.text == "Important answer")
        let index = try #require(app.ui.rows.firstIndex { $0.id == failed.id })
        for _ in 0..<index { app.press(.character("j")) }
        #expect(app.ui.state.cursor == failed.id)
        #expect(app.screen.contains("! "), "the failed mark")
        app.server.faults.failureRate = 0
        app.press(.character("r"))
        guard case .compose(let composer) = app.ui.state.mode else {
            Issue.record("r on a failed reply opens the editor with its text")
            return
        }
        #expect(composer.editor.text == "Important answer")
        app.type(", fixed")
        app.press(.control("s"))
        try await app.settled()
        let entries = app.comments.state.comments(of: site).allEntries
        #expect(!entries.contains { $0.isLocal }, "the failed copy is gone")
        #expect(entries.contains { $0.text == "Important answer, fixed" && !$0.isLocal })
    }

    @Test func dOnAFailedReplyAsksBeforeDiscardingIt() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try #require(app.ui.state.site)
        app.server.faults.offline = true
        app.press(.character("r"))
        app.type("Do not lose me")
        app.press(.control("s"))
        try await app.settled()
        let failed = try #require(app.comments.state.comments(of: site).allEntries.first { $0.isLocal })
        let index = try #require(app.ui.rows.firstIndex { $0.id == failed.id })
        for _ in 0..<index { app.press(.character("j")) }
        app.press(.character("d"))
        #expect(app.screen.contains("Discard this unsent reply?"))
        app.press(.character("n"))
        #expect(app.comments.state.comments(of: site)[failed.id] != nil)
        app.press(.character("d"), .control("x"))
        #expect(app.comments.state.comments(of: site)[failed.id] == nil)
    }

    @Test func theHeaderCountsWhatTheSiteHasNotWhatIsBeingWritten() async throws {
        let app = try UIHarness()
        try await app.start()
        let header = { app.frame.canvas.line(0).trimmingCharacters(in: .whitespaces) }
        let before = header()
        #expect(before.hasSuffix("36 shown of 40"))
        app.server.faults.offline = true
        app.press(.character("r"))
        app.type("not on the site")
        app.press(.control("s"))
        try await app.settled()
        #expect(header().hasSuffix("37 shown of 40"), "one more line shown, still 40 from the site")
    }

    @Test func quittingKeepsFailedRepliesAsDrafts() async throws {
        let app = try UIHarness()
        try await app.start()
        let site = try #require(app.ui.state.site)
        let parent = try #require(app.selected)
        app.server.faults.offline = true
        app.press(.character("r"))
        app.type("Sent into the void")
        app.press(.control("s"))
        try await app.settled()
        app.press(.character("q"))
        // Quitting waits for the drafts' writes (effects), then quits.
        _ = try await app.ui.state { $0.isQuitting }
        let drafts = DraftStore(directory: app.stateDirectory.appendingPathComponent("drafts"))
        #expect(drafts.load(site: site, .reply(parent: parent.id)) == "Sent into the void")
    }

    @Test func quittingWhileAChangeIsOnItsWayAsksForASecondQ() async throws {
        var faults = MockFaults()
        faults.routeLatency = [.deleteComment: .seconds(30)]
        let app = try UIHarness(faults: faults)
        try await app.start()
        app.press(.character("d"))
        app.press(.character("q"))
        #expect(!app.ui.state.isQuitting)
        #expect(app.screen.contains("still being sent: q again quits anyway"))
        app.press(.character("q"))
        #expect(app.ui.state.isQuitting)
    }

    @Test func escWithTextAsksBeforeDiscardingAndQuitKeepsADraft() async throws {
        let app = try UIHarness()
        try await app.start()
        let parent = try #require(app.selected)
        app.press(.character("r"))
        app.type("half a thought")
        app.press(.escape)
        #expect(app.ui.state.keyContext == .confirmDiscard)
        #expect(app.screen.contains("Discard reply?"))
        app.press(.character("n"))
        #expect(app.ui.state.keyContext == .compose)
        app.press(.control("c"))
        _ = try await app.ui.state { $0.isQuitting }
        let drafts = DraftStore(directory: app.stateDirectory.appendingPathComponent("drafts"))
        #expect(drafts.load(site: app.ui.state.site ?? "", .reply(parent: parent.id)) == "half a thought")

        let again = UIStore(comments: app.comments, filters: app.filters, visible: app.visible, drafts: drafts, dispatcher: app.dispatcher,
                            initialState: { var s = app.ui.state; s.isQuitting = false; s.mode = .normal; return s }())
        app.dispatcher.dispatch(UIAction.reply)
        guard case .compose(let composer) = again.state.mode else {
            Issue.record("expected the editor to open")
            return
        }
        #expect(composer.editor.text == "half a thought", "the draft comes back")
        #expect(again.state.hint == "Draft restored.")
    }

    /// The harness's user is an administrator: the list comes in the edit context, so `e`
    /// opens on the source at once, under the Quick Edit fields (refusing someone else's
    /// comment is for users who may not edit it: QuickEditTests).
    @Test func eEditsYourOwnCommentFromItsSource() async throws {
        let app = try UIHarness(height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let me = try #require(app.comments.state.currentUsers[site])
        let rows = app.ui.rows
        let mineIndex = try #require(rows.firstIndex { app.comments.state.comments(of: site)[$0.id]?.author == me.id })
        for _ in 0..<mineIndex { app.press(.character("j")) }
        let mine = try #require(app.selected)
        #expect(mine.contentRaw != nil, "a moderator's list carries the source")
        try await app.edit()
        // The editor opens on the source (content.raw), never on the rendering made text.
        guard case .compose(let composer) = app.ui.state.mode else {
            Issue.record("the editor did not open")
            return
        }
        let source = try #require(app.server.comment(site: site, id: mine.id)?.content)
        #expect(composer.editor.text.hasSuffix("\n\n" + source))
        #expect(app.screen.contains("Edit your comment"))
        app.press(.control("e"))
        app.type(" (edited)")
        app.press(.control("s"))
        try await app.settled()
        #expect(app.comments.state.comments(of: site)[mine.id]?.text.hasSuffix("(edited)") == true)
        #expect(app.server.comment(site: site, id: mine.id)?.content.contains("(edited)") == true)
    }

    @Test func deletePermanentlyAsksFirst() async throws {
        let app = try UIHarness()
        try await app.start()
        let target = try #require(app.selected)
        app.press(.character("D"))
        #expect(app.screen.contains("permanently? It cannot be undone."))
        app.press(.character("n"))
        #expect(app.ui.rows.contains { $0.id == target.id })
        app.press(.character("D"), .character("y"))
        #expect(!app.ui.rows.contains { $0.id == target.id })
        try await app.settled()
        #expect(app.server.comment(site: app.ui.state.site ?? "", id: target.id) == nil)
    }

    @Test func filterPanelTogglesStatusSpamAndShowsFiltered() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        #expect(!app.screen.contains("FILTERED"))
        app.press(.character("f"))  // opens on Status, the cursor on Approved
        #expect(app.ui.state.focus == .filters)
        app.press(.character("j"), .character("j"))  // Pending, Spam
        app.press(.character(" "))
        #expect(app.filters.state.enabled == [.status(.spam)])
        #expect(app.screen.contains("FILTERED"))
        #expect(app.screen.contains("[x] Spam"))
        let site = app.comments.state.comments(of: app.ui.state.site ?? "")
        #expect(!app.ui.rows.isEmpty)
        #expect(app.ui.rows.allSatisfy { site[$0.id]?.status == .spam })
        app.press(.character("c"))
        #expect(!app.filters.state.isFiltering)
    }

    @Test func searchFiltersLiveAndEscRestores() async throws {
        let app = try UIHarness()
        try await app.start()
        let all = app.ui.rows.count
        let author = try #require(app.selected?.authorName)
        app.press(.character("j"), .character("j"))
        app.press(.character("/"))
        app.type(String(author.prefix(4)))
        #expect(app.filters.state.searchText == String(author.prefix(4)))
        #expect(app.ui.rows.count < all)
        #expect(app.ui.state.cursorIndex == 0, "the cursor sits on the first match")
        app.press(.control("w"))
        #expect(app.filters.state.searchText.isEmpty)
        app.type("zzqq")
        #expect(app.ui.rows.isEmpty)
        #expect(app.screen.contains("No comment matches the filters"))
        app.press(.escape)
        #expect(app.filters.state.searchText.isEmpty)
        #expect(app.ui.rows.count == all)
        app.press(.character("/"))
        app.type(String(author.prefix(4)))
        app.press(.enter)
        #expect(app.ui.state.mode == .normal)
        #expect(app.filters.state.searchText == String(author.prefix(4)), "Enter keeps the filter")
        app.press(.character("n"))
        #expect(app.ui.state.hint?.contains("wrapped") == true || app.ui.state.cursorIndex > 0)
    }

    @Test func bracketsSwitchSites() async throws {
        let app = try UIHarness()
        try await app.start()
        let first = app.ui.state.site
        app.press(.character("]"))
        #expect(app.ui.state.site != first)
        try await app.follow()
        #expect(!app.ui.rows.isEmpty)
        #expect(app.screen.contains("[2/2]"))
        app.press(.character("["))
        #expect(app.ui.state.site == first)
    }

    /// `]` then `[` comes back to the comment the cursor was on, at its screen row, with
    /// the same threads folded (it went back to the first row).
    @Test func comingBackToASiteFindsTheCursorWhereItWas() async throws {
        let app = try UIHarness()
        try await app.start()
        app.press(.character("j"), .character("j"), .character("j"), .character("j"))
        let before = try #require(app.ui.state.cursor)
        let row = app.ui.state.cursorIndex - app.ui.state.scrollTop
        app.press(.character("]"))
        try await app.follow()
        #expect(app.ui.state.cursorIndex == 0, "another site starts at its top")
        app.press(.character("["))
        try await app.follow()
        #expect(app.ui.state.cursor == before)
        #expect(app.ui.state.cursorIndex - app.ui.state.scrollTop == row)
        #expect(app.selected?.id == before)
    }

    @Test func helpListsTheKeysOfTheCurrentMode() async throws {
        let app = try UIHarness(width: 100, height: 50)
        try await app.start()
        app.press(.character("?"))
        var screen = app.screen
        app.press(.character("G"))  // one column that scrolls: the rest is below
        screen += app.screen
        for binding in KeyMap.standard.help(for: .list) where binding.keys != "z" {
            #expect(screen.contains(binding.help), "help shows “\(binding.help)”")
        }
        #expect(screen.contains("undo: nothing to undo"), "z's line says what it would undo")
        app.press(.escape)
        #expect(!app.ui.state.isHelpVisible)
    }

    @Test func enterOpensTheDetailOnNarrowTerminals() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        let entry = try #require(app.selected)
        app.press(.enter)
        #expect(app.ui.state.focus == .detail)
        #expect(Layout(app.ui.state).list == nil)
        #expect(app.screen.contains("comment #\(entry.id)"))
        app.press(.escape)
        #expect(Layout(app.ui.state).list != nil)
    }

    @Test func theDetailPaneStopsScrollingAtItsLastLine() async throws {
        let app = try UIHarness(width: 120, height: 10)
        try await app.start()
        let longest = try #require(app.ui.rows.indices.max { a, b in
            (app.comments.state.comments(of: app.ui.state.site ?? "")[app.ui.rows[a].id]?.text.count ?? 0)
                < (app.comments.state.comments(of: app.ui.state.site ?? "")[app.ui.rows[b].id]?.text.count ?? 0)
        })
        for _ in 0..<longest { app.press(.character("j")) }
        app.press(.tab)
        #expect(app.ui.state.focus == .detail)
        app.press(.character("G"))
        let bottom = app.ui.state.detailScroll
        #expect(bottom > 0, "the longest comment does not fit 8 lines")
        app.press(.character("j"), .character("j"), .pageDown)
        #expect(app.ui.state.detailScroll == bottom, "never past the last line")
        app.press(.character("k"))
        #expect(app.ui.state.detailScroll == bottom - 1, "so the way back starts at once")
    }

    @Test func leavingTheDetailOnANarrowTerminalKeepsTheListWhereItWas() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        for _ in 0..<30 { app.press(.character("j")) }
        let scrollTop = app.ui.state.scrollTop
        #expect(scrollTop > 0)
        app.press(.enter)
        app.dispatcher.dispatch(UIAction.tick)
        app.press(.escape)
        #expect(app.ui.state.scrollTop == scrollTop)
        app.press(.enter, .tab)
        #expect(app.ui.state.focus == .list, "Tab from the narrow detail goes back to the list")
        #expect(Layout(app.ui.state).list != nil)
    }

    @Test func theFilterPanelHighlightStaysOnItsLine() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        app.press(.character("f"))  // Status is open, the cursor on Approved
        for _ in 0..<4 { app.press(.character("j")) }  // Pending … Trash, then Thread
        #expect(app.ui.state.filterCursorID == .group(.thread))
        app.press(.enter)  // Thread opens (Status closes above it)
        #expect(app.ui.state.filterCursorID == .group(.thread))
        let rows = FilterPanelRow.rows(for: app.filters.state)
        #expect(rows[app.ui.state.filterCursor].id == .group(.thread))
        app.press(.character("j"), .character(" "))
        #expect(app.filters.state.enabled == [.topLevel])
    }

    @Test func nFindsWhatTheSearchFilterFinds() async throws {
        let app = try UIHarness(height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let accented = try #require(app.ui.rows.first { app.comments.state.comments(of: site)[$0.id]?.text.contains("naïve") == true })
        app.press(.character("/"))
        app.type("naive")
        app.press(.enter)
        #expect(app.ui.rows.contains { $0.id == accented.id })
        app.press(.character("n"))
        #expect(app.ui.state.hint?.hasPrefix("No match") != true, "“naive” finds “naïve” for n as for the filter")
    }

    @Test func aTooSmallTerminalLetsOnlyQuitThrough() async throws {
        let app = try UIHarness()
        try await app.start()
        let before = app.ui.rows.count
        app.dispatcher.dispatch(UIAction.resize(width: 30, height: 8))
        #expect(app.ui.state.keyContext == .tooSmall)
        app.press(.character("d"), .character("D"), .character("y"), .character("a"))
        try await app.settled()
        #expect(app.ui.rows.count == before, "nothing acted on a comment no one can see")
        #expect(app.comments.state.writesInFlight == 0)
        app.press(.character("q"))
        #expect(app.ui.state.isQuitting)
    }

    @Test func resizeRelaysOutAndTinySizesDoNotCrash() async throws {
        let app = try UIHarness()
        try await app.start()
        for (width, height) in [(1, 1), (0, 0), (39, 9), (40, 10), (200, 60), (2, 50), (300, 3)] {
            app.dispatcher.dispatch(UIAction.resize(width: width, height: height))
            let canvas = app.frame.canvas
            #expect(canvas.width == width && canvas.height == height)
            if width < 40 || height < 10, width > 20, height > 2 {
                #expect(app.screen.contains("Terminal too small"))
            }
        }
    }
}
