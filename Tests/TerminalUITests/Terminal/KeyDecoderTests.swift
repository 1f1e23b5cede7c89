import CNcurses
import Testing
@testable import TerminalUI

struct KeyDecoderTests {
    @Test(arguments: [
        (RawKey.character(10), Key.enter),
        (.character(13), .enter),
        (.keyCode(KEY_ENTER), .enter),
        (.character(127), .backspace),
        (.character(8), .backspace),
        (.keyCode(KEY_BACKSPACE), .backspace),
        (.character(9), .tab),
        (.character(27), .escape),
        (.character(1), .control("a")),
        (.character(21), .control("u")),
        (.character(26), .control("z")),
        (.character(0x6A), .character("j")),
        (.character(0x4E2D), .character("中")),
        (.character(0x1F600), .character("😀")),
        (.keyCode(KEY_UP), .up),
        (.keyCode(KEY_NPAGE), .pageDown),
        (.keyCode(KEY_PPAGE), .pageUp),
        (.keyCode(KEY_DC), .delete),
        (.keyCode(KEY_BTAB), .backTab),
        (.keyCode(KEY_F0 + 1), .function(1)),
        (.keyCode(KEY_F0 + 12), .function(12)),
        (.keyCode(KEY_RESIZE), .resize),
    ])
    func decodes(raw: RawKey, key: Key) {
        #expect(KeyDecoder.decode(raw) == key)
    }

    @Test(arguments: [
        RawKey.character(0), .character(28), .character(31), .character(0x9B), .character(0x202E),
        .character(0xD800), .character(0x110000), .character(0x301), .keyCode(KEY_MOUSE), .keyCode(-5),
    ])
    func dropsWhatIsNotAKey(raw: RawKey) {
        #expect(KeyDecoder.decode(raw) == nil)
    }

    @Test func decodesGetWchStatus() {
        #expect(KeyDecoder.decode(status: OK, value: 0x71) == .character("q"))
        #expect(KeyDecoder.decode(status: KEY_CODE_YES, value: UInt32(KEY_LEFT)) == .left)
        #expect(KeyDecoder.decode(status: ERR, value: 0x71) == nil)
    }

    @Test func encodeIsTheInverseOfDecode() {
        let keys: [Key] = [.character("x"), .character("中"), .control("k"), .up, .down, .left, .right, .home, .end,
                           .pageUp, .pageDown, .enter, .escape, .backspace, .delete, .tab, .backTab, .insert,
                           .function(7), .resize]
        for key in keys {
            #expect(KeyDecoder.encode(key)?.compactMap(KeyDecoder.decode) == [key])
        }
        #expect(KeyDecoder.encode(.paste("x")) == nil)
        #expect(KeyDecoder.encode(.control("1")) == nil)
    }

    @Test func namesForHelpText() {
        #expect(Key.character("j").name == "j")
        #expect(Key.character(" ").name == "Space")
        #expect(Key.control("u").name == "Ctrl-U")
        #expect(Key.pageDown.name == "PgDn")
        #expect(Key.enter.name == "Enter")
        #expect(Key.function(1).name == "F1")
        #expect(Key.backTab.name == "Shift-Tab")
    }
}
