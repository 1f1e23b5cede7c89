import Testing
import CommentsKit
@testable import TerminalUI

/// The list's columns: tree guides sit between the date and the text, so the status mark,
/// the author and the date start in the same column at every depth; a folded thread says
/// how many replies it hides.
@MainActor
@Suite struct ListLayoutTests {
    /// A thread four replies deep under the first comment, each a reply to the one before,
    /// and a second reply to the first comment after them (so a `│` guide runs down).
    func harnessWithDeepThread() async throws -> UIHarness {
        let app = try UIHarness(width: 80, height: 12)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let root = try #require(app.selected)
        var parent = root
        for depth in 1...4 {
            parent = try await reply(to: parent, "depth \(depth) reply", in: app, site: site)
        }
        _ = try await reply(to: root, "second reply at depth 1", in: app, site: site)
        return app
    }

    func reply(to parent: CommentEntry, _ text: String, in app: UIHarness, site: SiteID) async throws -> CommentEntry {
        app.dispatcher.dispatch(CommentsAction.reply(site: site, post: parent.post, parent: parent.id, text: text))
        try await app.settled()
        return try #require(app.comments.state.comments(of: site).allEntries.first { $0.parent == parent.id && $0.text == text })
    }

    @Test func authorAndDateColumnsLineUpAtDepthFour() async throws {
        let app = try await harnessWithDeepThread()
        Snapshot.assert(app.screen, named: "list-tree-depth-4-80x12")
        let canvas = app.frame.canvas
        let listRows = (1..<canvas.height - 1).filter { !canvas.line($0).trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(listRows.count >= 6)
        for y in listRows {
            let head = (0..<31).compactMap { canvas.cell(atX: $0, y: y)?.grapheme }.joined()
            #expect(!head.contains { "│├└─".contains($0) }, "no guide before the text: \(canvas.line(y))")
            let dateStart = try #require(canvas.cell(atX: 20, y: y)?.grapheme.first)
            #expect(dateStart.isNumber || dateStart == "n", "the date starts in column 20: \(canvas.line(y))")
        }
        #expect(app.screen.contains("├─ depth 1 reply"))
        #expect(app.screen.contains("│     └─ depth 4 reply"))
        #expect(app.screen.contains("└─ second reply at depth 1"))
    }

    @Test func aFoldedThreadSaysHowManyRepliesItHides() async throws {
        let app = try await harnessWithDeepThread()
        app.press(.character(" "))
        #expect(app.screen.contains("▸ 5 replies Totally legit"), "\(app.screen)")
        #expect(!app.screen.contains("[+"))
        #expect(CommentListView.foldedLabel(1) == "▸ 1 reply")
    }
}
