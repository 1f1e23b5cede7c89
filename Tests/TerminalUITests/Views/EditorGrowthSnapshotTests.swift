import Testing
@testable import TerminalUI

/// The reply editor with a long paragraph: the box grows with the wrapped text up to half
/// the list, then scrolls to the cursor; the draft mark on a row (issue 16). It showed 3
/// rows of a 3,000-character paragraph.
@MainActor
@Suite struct EditorGrowthSnapshotTests {
    private static let paragraph = (1...60).map { "word\($0)" }.joined(separator: " ")

    @Test func aLongParagraphGrowsTheBox() async throws {
        let app = try UIHarness(width: 80, height: 30)
        try await app.start()
        app.press(.character("r"))
        app.type(Self.paragraph)
        Snapshot.assert(app.screen, named: "editor-long-paragraph-80x30")
    }

    @Test func upScrollsTheBoxBackThroughTheParagraph() async throws {
        let app = try UIHarness(width: 80, height: 24)
        try await app.start()
        app.press(.character("r"))
        app.type(Self.paragraph + " " + Self.paragraph)
        for _ in 0..<9 { app.press(.up) }
        Snapshot.assert(app.screen, named: "editor-scrolled-up-80x24")
    }

    @Test func aDraftMarksItsRow() async throws {
        let app = try UIHarness(width: 80, height: 12)
        try await app.start()
        app.press(.character("j"), .character("r"))
        app.type("Half a thought")
        app.press(.escape, .control("x"))
        try await app.draftsWritten()
        try await app.settled()
        try await app.factsSettled()
        Snapshot.assert(app.screen, named: "draft-mark-80x12")
    }
}
