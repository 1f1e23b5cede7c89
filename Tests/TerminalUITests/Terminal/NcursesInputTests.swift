import Testing
@testable import TerminalUI

/// Bytes through a headless screen's input pipe, decoded by ncurses as from a terminal:
/// Alt chords and bracketed pastes come back as one key each.
@Suite(.serialized)
@MainActor
struct NcursesInputTests {
    @Test func bracketedPasteIsReadAsOnePasteKey() throws {
        let screen = try NcursesScreen.headless(width: 10, height: 2)
        defer { screen.close() }
        #expect(screen.feedRaw(Array("j\u{1B}[200~dddsss\u{1B}[201~k".utf8)))
        #expect(screen.readKeys() == [.character("j"), .paste("dddsss"), .character("k")])
    }

    @Test func escThenALetterIsReadAsAnAltChord() throws {
        let screen = try NcursesScreen.headless(width: 10, height: 2)
        defer { screen.close() }
        #expect(screen.feedRaw(Array("\u{1B}y".utf8)))
        #expect(screen.readKeys() == [.alt(.character("y"))])
        #expect(screen.feedRaw(Array("\u{1B}".utf8)))
        #expect(screen.readKeys() == [.escape], "Esc alone, after ncurses' 25 ms")
        #expect(screen.feedRaw(Array("\u{1B}[A\u{1B}\u{1B}OB".utf8)))
        #expect(screen.readKeys() == [.up, .alt(.down)], "arrows stay arrows; Esc before one is Alt")
    }

    @Test func fedAltChordsComeBackAsChords() throws {
        let screen = try NcursesScreen.headless(width: 10, height: 2)
        defer { screen.close() }
        #expect(screen.feed([.alt(.character("b")), .character("x"), .escape]))
        #expect(screen.readKeys() == [.alt(.character("b")), .character("x"), .escape])
    }

    @Test func escapeSequencesInsideAPasteAreNotKeys() throws {
        let screen = try NcursesScreen.headless(width: 10, height: 2)
        defer { screen.close() }
        #expect(screen.feedRaw(Array("\u{1B}[200~d\u{1B}[Ad\u{1B}[31ms\u{1B}y\u{1B}[3~\u{1B}[201~".utf8)))
        let keys = screen.readKeys()
        #expect(keys.count == 1)
        guard case .paste(let text)? = keys.first else {
            Issue.record("expected one paste, got \(keys)")
            return
        }
        #expect(TextSanitizer.sanitize(text) == "dds")
    }

    @Test func aHugePasteArrivingInPiecesWaitsForItsEndAndIsOneKey() throws {
        let screen = try NcursesScreen.headless(width: 10, height: 2)
        defer { screen.close() }
        let line = String(repeating: "d", count: 99) + "\r"
        let text = String(repeating: line, count: 1_000)  // 100 KB
        let bytes = Array(("\u{1B}[200~" + text).utf8)
        // In pieces smaller than the pipe's buffer, read between them as the app would.
        for start in stride(from: 0, to: bytes.count, by: 16_384) {
            #expect(screen.feedRaw(Array(bytes[start..<min(bytes.count, start + 16_384)])))
            #expect(screen.readKey() == nil, "no key until the paste ends")
        }
        #expect(screen.feedRaw(Array("\u{1B}[201~q".utf8)))
        #expect(screen.readKeys() == [.paste(text), .character("q")])
    }
}
