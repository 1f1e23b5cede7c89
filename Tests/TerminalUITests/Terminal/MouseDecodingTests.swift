import Foundation
import Testing
@testable import TerminalUI

/// SGR mouse reports (`ESC [ < b ; x ; y M|m`) into ``Key/mouse(_:)``: through the stream
/// decoder, and through a headless screen's input pipe as ncurses reads them.
@Suite(.serialized)
@MainActor
struct MouseDecodingTests {
    private func decode(_ text: String) -> [Key] {
        var decoder = KeyStreamDecoder()
        var keys: [Key] = []
        keys += decoder.decode(.keyCode(MouseReporting.reportCode))
        for scalar in text.unicodeScalars { keys += decoder.decode(.character(scalar.value)) }
        return keys + decoder.endOfInput()
    }

    @Test func aLeftPressAndItsRelease() {
        #expect(decode("0;10;5M") == [.mouse(MouseEvent(button: .left, kind: .press, x: 9, y: 4))])
        #expect(decode("0;10;5m") == [.mouse(MouseEvent(button: .left, kind: .release, x: 9, y: 4))])
    }

    @Test func theWheelBothWays() {
        #expect(decode("64;3;7M") == [.mouse(MouseEvent(button: .wheelUp, kind: .press, x: 2, y: 6))])
        #expect(decode("65;3;7M") == [.mouse(MouseEvent(button: .wheelDown, kind: .press, x: 2, y: 6))])
    }

    @Test func modifiersAndDrags() {
        #expect(decode("4;1;1M") == [.mouse(MouseEvent(button: .left, kind: .press, x: 0, y: 0, shift: true))])
        #expect(decode("26;1;1M") == [.mouse(MouseEvent(button: .right, kind: .press, x: 0, y: 0, alt: true, control: true))])
        #expect(decode("32;4;4M") == [.mouse(MouseEvent(button: .left, kind: .drag, x: 3, y: 3))])
    }

    @Test func coordinatesBeyond223AreWhereTheyAre() {
        // The X10 form cannot say column 300; SGR writes the number.
        #expect(decode("0;300;250M") == [.mouse(MouseEvent(button: .left, kind: .press, x: 299, y: 249))])
    }

    @Test func malformedReportsAreDroppedAndWhatFollowsIsAKey() {
        #expect(decode("0;10M").isEmpty, "two numbers")
        #expect(decode("0;0;5M").isEmpty, "column 0 does not exist")
        #expect(decode("0;10;5x") == [.character("x")], "not a report's end: the report is dropped, the key is a key")
        #expect(!decode(String(repeating: "1", count: 40) + "M").contains { if case .mouse = $0 { true } else { false } }, "too long: no report")
    }

    @Test func aReportSplitAcrossReadsWaits() {
        var decoder = KeyStreamDecoder()
        #expect(decoder.decode(.keyCode(MouseReporting.reportCode)).isEmpty)
        for scalar in "0;1".unicodeScalars { #expect(decoder.decode(.character(scalar.value)).isEmpty) }
        #expect(decoder.endOfInput().isEmpty)
        for scalar in "2;3".unicodeScalars { #expect(decoder.decode(.character(scalar.value)).isEmpty) }
        #expect(decoder.decode(.character(UInt32(("M" as Unicode.Scalar).value))) == [.mouse(MouseEvent(button: .left, kind: .press, x: 11, y: 2))])
    }

    @Test func ncursesReadsReportsFromTheTerminal() throws {
        let screen = try NcursesScreen.headless(width: 10, height: 2)
        defer { screen.close() }
        #expect(screen.feedRaw(Array("j\u{1B}[<0;10;5M\u{1B}[<0;10;5mk\u{1B}[<65;300;2M".utf8)))
        #expect(screen.readKeys() == [
            .character("j"),
            .mouse(MouseEvent(button: .left, kind: .press, x: 9, y: 4)),
            .mouse(MouseEvent(button: .left, kind: .release, x: 9, y: 4)),
            .character("k"),
            .mouse(MouseEvent(button: .wheelDown, kind: .press, x: 299, y: 1)),
        ])
    }

    @Test func ctrlArrowsAreReadAsKeys() throws {
        let screen = try NcursesScreen.headless(width: 10, height: 2)
        defer { screen.close() }
        #expect(screen.feedRaw(Array("\u{1B}[1;5D\u{1B}[1;5C".utf8)))
        #expect(screen.readKeys() == [.controlLeft, .controlRight])
    }

    @Test func fedMouseEventsComeBackAsThemselves() throws {
        let screen = try NcursesScreen.headless(width: 10, height: 2)
        defer { screen.close() }
        let event = MouseEvent(button: .wheelUp, kind: .press, x: 4, y: 1, control: true)
        #expect(screen.feed([.mouse(event), .character("x")]))
        #expect(screen.readKeys() == [.mouse(event), .character("x")])
    }

    @Test func twoQuickPressesOnOneCellMakeADoubleClick() {
        var counter = MouseClickCounter()
        let press = MouseEvent(button: .left, kind: .press, x: 3, y: 3)
        let start = Date(timeIntervalSince1970: 1000)
        #expect(counter.count(press, at: start).clickCount == 1)
        #expect(counter.count(press, at: start.addingTimeInterval(0.2)).clickCount == 2)
        #expect(counter.count(press, at: start.addingTimeInterval(0.3)).clickCount == 1, "a third press starts again")
        #expect(counter.count(press, at: start.addingTimeInterval(2)).clickCount == 1, "too slow")
        var moved = press
        moved.y = 4
        _ = counter.count(press, at: start.addingTimeInterval(3))
        #expect(counter.count(moved, at: start.addingTimeInterval(3.1)).clickCount == 1, "another cell")
    }
}
