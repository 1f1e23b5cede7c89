import Testing
import CommentsKit
@testable import TerminalUI

/// Where the cursor is after a reply is sent, a reply into a folded thread, and the mark
/// of a comment with a draft (issue 16).
@MainActor
@Suite struct ReplyLandingTests {
    /// The cursor stays on the comment replied to: the keys that follow (a, d, j) act on
    /// what was being read, and the reply shows right under it. It landed on the row
    /// below the new reply.
    @Test func theCursorStaysOnTheCommentRepliedTo() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        app.press(.character("j"), .character("j"), .character("j"))
        let parent = try #require(app.selected)
        app.press(.character("r"))
        app.type("Thanks")
        app.press(.control("s"))
        try await app.settled()
        let site = try #require(app.ui.state.site)
        let reply = try #require(app.comments.state.comments(of: site).allEntries.first { $0.parent == parent.id && $0.text == "Thanks" })
        #expect(!reply.isLocal)
        #expect(app.ui.state.cursor == parent.id)
        #expect(app.ui.rows.contains { $0.id == reply.id })
    }

    /// A reply posted into a folded thread unfolds it: it vanished into "▸ 4 replies".
    @Test func aReplyIntoAFoldedThreadUnfoldsIt() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        let site = try #require(app.ui.state.site)
        let index = try #require(app.ui.rows.firstIndex { $0.row.hasReplies })
        for _ in 0..<index { app.press(.character("j")) }
        let parent = try #require(app.selected)
        app.press(.character(" "))
        #expect(app.ui.state.collapsed.contains(parent.id))
        app.press(.character("r"))
        app.type("Into the fold")
        app.press(.control("s"))
        try await app.settled()
        let reply = try #require(app.comments.state.comments(of: site).allEntries.first { $0.text == "Into the fold" })
        #expect(!app.ui.state.collapsed.contains(parent.id))
        #expect(app.ui.rows.contains { $0.id == reply.id })
    }

    /// A comment with a kept draft shows a mark after its status mark.
    @Test func aRowWithADraftShowsAMark() async throws {
        let app = try UIHarness(width: 100, height: 20)
        try await app.start()
        let parent = try #require(app.selected)
        #expect(!app.screen.contains(CommentListView.draftMark))
        app.press(.character("r"))
        app.type("Half a thought")
        app.press(.escape, .control("x"))
        try await app.draftsWritten()
        #expect(app.ui.state.cursor == parent.id)
        let line = try #require(app.screen.split(separator: "\n").first { $0.contains(CommentListView.draftMark) })
        #expect(line.contains(String(parent.authorName.prefix(8))))
    }
}

/// The cursor sent into a folded thread opens it (issue 16).
@MainActor
@Suite struct CursorIntoFoldTests {
    /// `z` brings back a trashed reply whose thread was folded since: the thread opens and
    /// the cursor is on the reply (it landed on another row).
    @Test func undoIntoAFoldedThreadUnfoldsIt() async throws {
        let app = try UIHarness(width: 132, height: 40)
        try await app.start()
        // A reply with a sibling, so its parent still has replies to fold once it is trashed.
        let rows = app.ui.rows
        let replyIndex = try #require(rows.indices.first { index in
            rows[index].row.depth == 1 && !rows[index].isLastSibling
        })
        for _ in 0..<replyIndex { app.press(.character("j")) }
        let reply = try #require(app.selected)
        app.press(.character("d"))
        try await app.settled()
        #expect(!app.ui.rows.contains { $0.id == reply.id })
        let parentIndex = try #require(app.ui.rows.firstIndex { $0.id == reply.parent })
        while app.ui.state.cursorIndex > parentIndex { app.press(.character("k")) }
        while app.ui.state.cursorIndex < parentIndex { app.press(.character("j")) }
        #expect(app.ui.state.cursor == reply.parent)
        app.press(.character(" "))
        #expect(app.ui.state.collapsed.contains(reply.parent))
        app.press(.character("z"))
        try await app.settled()
        #expect(app.ui.state.cursor == reply.id)
        #expect(app.ui.rows.contains { $0.id == reply.id })
    }
}
