import CNcurses
import Testing
@testable import TerminalUI

/// Alt chords (Esc + key) and bracketed pastes, from raw `get_wch` results.
struct KeyStreamDecoderTests {
    /// Feeds `raws` as one read (then "no more input"), like `NcursesScreen.readKeys`.
    private func read(_ raws: [RawKey], with decoder: inout KeyStreamDecoder) -> [Key] {
        raws.flatMap { decoder.decode($0) } + decoder.endOfInput()
    }

    private func read(_ raws: [RawKey]) -> [Key] {
        var decoder = KeyStreamDecoder()
        return read(raws, with: &decoder)
    }

    private func bytes(_ text: String) -> [RawKey] {
        text.unicodeScalars.map { .character($0.value) }
    }

    @Test func escThenALetterIsAnAltChord() {
        #expect(read(bytes("\u{1B}y")) == [.alt(.character("y"))])
        #expect(read(bytes("\u{1B}b\u{1B}f")) == [.alt(.character("b")), .alt(.character("f"))])
        #expect(Key.alt(.character("y")).name == "Alt-y")
    }

    @Test func escThenAControlOrKeyCodeIsAnAltChordToo() {
        // Alt-Ctrl-X must never become Esc (the discard question) then Ctrl-X (discard).
        #expect(read([.character(27), .character(24)]) == [.alt(.control("x"))])
        #expect(read([.character(27), .character(127)]) == [.alt(.backspace)])
        #expect(read([.character(27), .keyCode(KEY_UP)]) == [.alt(.up)])
    }

    @Test func aLoneEscIsEsc() {
        #expect(read(bytes("\u{1B}")) == [.escape])
        #expect(read(bytes("q\u{1B}")) == [.character("q"), .escape])
    }

    @Test func escThenNothingWaitsForTheEndOfTheRead() {
        var decoder = KeyStreamDecoder()
        #expect(decoder.decode(.character(27)) == [], "Esc waits for what follows it in the same read")
        #expect(decoder.endOfInput() == [.escape])
        #expect(decoder.decode(.character(0x79)) == [.character("y")], "a key in a later read is a key of its own")
    }

    @Test func escEscIsALoneEscThenAnotherEsc() {
        #expect(read(bytes("\u{1B}\u{1B}")) == [.escape, .escape])
        #expect(read(bytes("\u{1B}\u{1B}y")) == [.escape, .alt(.character("y"))])
    }

    @Test func anArrowSequenceDecodedByNcursesStaysAnArrow() {
        #expect(read([.keyCode(KEY_UP), .character(0x6A)]) == [.up, .character("j")])
    }

    @Test func altWithAKeyParleyDoesNotKnowIsDroppedWhole() {
        #expect(read([.character(27), .keyCode(KEY_MOUSE), .character(0x6A)]) == [.character("j")])
    }

    @Test func escThenAResizeIsEscThenTheResize() {
        #expect(read([.character(27), .keyCode(KEY_RESIZE)]) == [.escape, .resize])
    }

    @Test func pasteMarkersGatherTheExactTextIntoOnePaste() {
        let paste = [RawKey.keyCode(BracketedPaste.startCode)] + bytes("dddsss\r\nD\tx") + [.keyCode(BracketedPaste.endCode)]
        #expect(read(paste) == [.paste("dddsss\r\nD\tx")])
        #expect(read(bytes("a") + paste + bytes("b")) == [.character("a"), .paste("dddsss\r\nD\tx"), .character("b")])
    }

    @Test func escapeSequencesInsideAPasteAreNeverKeys() {
        let raws = [RawKey.keyCode(BracketedPaste.startCode)] + bytes("x\u{1B}y") + [.keyCode(KEY_UP)]
            + bytes("\u{1B}[31mz") + [.keyCode(BracketedPaste.endCode)]
        #expect(read(raws) == [.paste("x\u{1B}y\u{1B}[31mz")], "text (the field sanitises it); the arrow ncurses saw is dropped")
    }

    @Test func aResizeDuringAPasteIsNotLost() {
        let raws = [RawKey.keyCode(BracketedPaste.startCode)] + bytes("ab") + [.keyCode(KEY_RESIZE)] + bytes("c")
            + [.keyCode(BracketedPaste.endCode)]
        #expect(read(raws) == [.resize, .paste("abc")])
    }

    @Test func aPasteWaitsAcrossReadsForItsEnd() {
        var decoder = KeyStreamDecoder()
        #expect(read([.keyCode(BracketedPaste.startCode)] + bytes("half "), with: &decoder) == [])
        #expect(decoder.isInPaste)
        #expect(read(bytes("and half") + [.keyCode(BracketedPaste.endCode)], with: &decoder) == [.paste("half and half")])
        #expect(!decoder.isInPaste)
    }

    @Test func anEndMarkerNcursesDidNotRecogniseStillEndsThePaste() {
        // The marker's bytes came too far apart for ESCDELAY: ncurses passed them as text.
        let raws = [RawKey.keyCode(BracketedPaste.startCode)] + bytes("a\u{1B}[20b\u{1B}[201~") + bytes("j")
        #expect(read(raws) == [.paste("a\u{1B}[20b"), .character("j")])
    }

    @Test func escJustBeforeAPasteIsALoneEsc() {
        let raws = bytes("\u{1B}") + [.keyCode(BracketedPaste.startCode)] + bytes("p") + [.keyCode(BracketedPaste.endCode)]
        #expect(read(raws) == [.escape, .paste("p")])
    }

    @Test func emptyPastesAndStrayEndMarkersTypeNothing() {
        #expect(read([.keyCode(BracketedPaste.startCode), .keyCode(BracketedPaste.endCode)]) == [])
        #expect(read([.keyCode(BracketedPaste.endCode), .character(0x6A)]) == [.character("j")])
    }

    @Test func aHugePasteIsOnePasteCappedInLength() {
        var decoder = KeyStreamDecoder()
        let size = BracketedPaste.maximumLength + 10
        #expect(decoder.decode(.keyCode(BracketedPaste.startCode)) == [])
        for _ in 0..<size { _ = decoder.decode(.character(0x64)) }
        let keys = decoder.decode(.keyCode(BracketedPaste.endCode))
        guard case .paste(let text)? = keys.first, keys.count == 1 else {
            Issue.record("expected one paste, got \(keys.count) keys")
            return
        }
        #expect(text.unicodeScalars.count == BracketedPaste.maximumLength)
    }

    @Test func altChordsEncodeAsEscThenTheKey() {
        #expect(KeyDecoder.encode(.alt(.character("y"))) == [.character(27), .character(0x79)])
        #expect(KeyDecoder.encode(.alt(.paste("x"))) == nil)
    }
}
