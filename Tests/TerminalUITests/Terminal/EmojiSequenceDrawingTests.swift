import Testing
import CNcurses
@testable import TerminalUI

/// Emoji sequences (ZWJ sequences, skin tones) are measured as one two-column cluster and
/// drawn either whole, for terminals that join them, or as their first emoji, which every
/// terminal draws in two columns. Both keep the cells after them in their columns.
@Suite(.serialized)
@MainActor
struct EmojiSequenceDrawingTests {
    static let technologist = "👩\u{200D}💻"
    static let thumbsUpMedium = "👍\u{1F3FD}"
    static let familyOfFour = "👨\u{200D}👩\u{200D}👧\u{200D}👦"

    @Test func theyMeasureTwoColumnsWhicheverWayTheyAreDrawn() {
        for cluster in [Self.technologist, Self.thumbsUpMedium, Self.familyOfFour, "🇫🇷", "e\u{301}"] {
            #expect(DisplayWidth.of(cluster) == (cluster == "e\u{301}" ? 1 : 2), "\(cluster)")
        }
    }

    @Test func wholeClustersSendEveryCharacterInOneCell() throws {
        let screen = try NcursesScreen.headless(width: 4, height: 1)  // selects a UTF-8 locale
        defer { screen.close() }
        #expect(NcursesGlyph.forGrapheme(Self.technologist, columns: 2, localeIsUTF8: true, emojiSequences: .wholeCluster)
            == .cluster([0x1F469, 0x200D, 0x1F4BB, 0, 0]))
        #expect(NcursesGlyph.forGrapheme(Self.thumbsUpMedium, columns: 2, localeIsUTF8: true, emojiSequences: .wholeCluster)
            == .cluster([0x1F44D, 0x1F3FD, 0, 0, 0]))
        // Seven characters do not fit an ncurses cell (five): the first emoji, as in the fallback.
        #expect(NcursesGlyph.forGrapheme(Self.familyOfFour, columns: 2, localeIsUTF8: true, emojiSequences: .wholeCluster)
            == .characters([0x1F468, 0]))
        // Clusters that are not emoji sequences are drawn as before.
        #expect(NcursesGlyph.forGrapheme("e\u{301}", columns: 1, localeIsUTF8: true, emojiSequences: .wholeCluster)
            == .characters([0x65, 0x301, 0]))
        #expect(NcursesGlyph.forGrapheme("🇯🇵", columns: 2, localeIsUTF8: true, emojiSequences: .wholeCluster)
            == .twoCells(first: [0x1F1EF, 0], second: [0x1F1F5, 0]))
    }

    @Test func theFallbackSendsTheFirstEmojiWithoutItsSkinTone() throws {
        let screen = try NcursesScreen.headless(width: 4, height: 1)
        defer { screen.close() }
        #expect(NcursesGlyph.forGrapheme(Self.technologist, columns: 2, localeIsUTF8: true, emojiSequences: .firstEmoji)
            == .characters([0x1F469, 0]))
        #expect(NcursesGlyph.forGrapheme(Self.thumbsUpMedium, columns: 2, localeIsUTF8: true, emojiSequences: .firstEmoji)
            == .characters([0x1F44D, 0]))
    }

    @Test(arguments: [EmojiSequenceDrawing.wholeCluster, .firstEmoji])
    func theCellsAfterASequenceKeepTheirColumns(_ drawing: EmojiSequenceDrawing) throws {
        let screen = try NcursesScreen.headless(width: 12, height: 1, emojiSequences: drawing)
        defer { screen.close() }
        var canvas = Canvas(width: 12, height: 1)
        canvas.put("a" + Self.technologist + "b" + Self.thumbsUpMedium + "c", x: 0, y: 0)
        screen.present(canvas)
        let expected = drawing == .wholeCluster
            ? "a" + Self.technologist + "b" + Self.thumbsUpMedium + "c"
            : "a👩b👍c"
        #expect(screen.screenText() == expected)
        #expect(Self.character(atX: 3) == "b")
        #expect(Self.character(atX: 6) == "c")
    }

    @Test func theTerminalDecidesAndTheEnvironmentCanOverride() {
        #expect(EmojiSequenceDrawing.forTerminal(environment: [:]) == .firstEmoji)
        #expect(EmojiSequenceDrawing.forTerminal(environment: ["TERM_PROGRAM": "WezTerm", "TERM": "xterm-256color"]) == .wholeCluster)
        #expect(EmojiSequenceDrawing.forTerminal(environment: ["TERM_PROGRAM": "ghostty"]) == .wholeCluster)
        #expect(EmojiSequenceDrawing.forTerminal(environment: ["TERM_PROGRAM": "WezTerm", "TMUX": "/tmp/t,1,0"]) == .firstEmoji)
        #expect(EmojiSequenceDrawing.forTerminal(environment: ["TERM_PROGRAM": "ghostty", "TERM": "screen-256color"]) == .firstEmoji)
        #expect(EmojiSequenceDrawing.forTerminal(environment: ["TERM_PROGRAM": "Apple_Terminal"]) == .firstEmoji)
        #expect(EmojiSequenceDrawing.forTerminal(environment: ["PARLEY_EMOJI_SEQUENCES": "whole"]) == .wholeCluster)
        #expect(EmojiSequenceDrawing.forTerminal(environment: ["PARLEY_EMOJI_SEQUENCES": "first", "TERM_PROGRAM": "WezTerm"]) == .firstEmoji)
    }

    /// The first character ncurses holds for column `x` of the top row of its screen.
    static func character(atX x: Int) -> Character? {
        var cell = cchar_t()
        guard mvwin_wch(parley_curscr(), 0, Int32(x), &cell) != ERR else { return nil }
        let value = withUnsafeBytes(of: &cell.chars) { $0.bindMemory(to: wchar_t.self).first ?? 0 }
        return Unicode.Scalar(UInt32(bitPattern: value)).map(Character.init)
    }
}
