import CNcurses

/// Turns ncurses `get_wch` results into `Key`s. Pure: no terminal needed.
///
/// Rules: 10, 13 and `KEY_ENTER` are Enter; 127, 8 and `KEY_BACKSPACE` are Backspace;
/// 9 is Tab; 27 is Escape (ncurses has already waited `ESCDELAY` for a sequence);
/// 1…26 otherwise are Ctrl-letters; other controls, bidi controls, invalid and
/// zero-width scalars (a lone combining mark) are dropped;
/// `KEY_RESIZE` is `.resize`. One result at a time: pairing Esc with the key after it
/// (Alt chords) and gathering pastes is ``KeyStreamDecoder``'s job.
package enum KeyDecoder {
    /// The `Key` for a raw `get_wch` result, or `nil` for keys parley does not use.
    package static func decode(_ raw: RawKey) -> Key? {
        switch raw {
        case .character(let value): return decodeCharacter(value)
        case .keyCode(let code): return decodeKeyCode(code)
        }
    }

    /// Decodes a `get_wch` status (`OK` or `KEY_CODE_YES`) and its value.
    package static func decode(status: Int32, value: UInt32) -> Key? {
        raw(status: status, value: value).flatMap(decode)
    }

    /// What a `get_wch` status (`OK` or `KEY_CODE_YES`) and its value stand for; `nil`
    /// for `ERR` (no input).
    package static func raw(status: Int32, value: UInt32) -> RawKey? {
        switch status {
        case OK: return .character(value)
        case KEY_CODE_YES: return .keyCode(Int32(bitPattern: value))
        default: return nil
        }
    }

    static func decodeCharacter(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 8, 127: return .backspace
        case 27: return .escape
        case 1...26:
            guard let letter = Unicode.Scalar(0x60 + value) else { return nil }
            return .control(Character(letter))
        case 0...31, 0x80...0x9F: return nil
        default:
            guard let scalar = Unicode.Scalar(value),
                  !TextSanitizer.isForbidden(scalar),
                  DisplayWidth.width(of: scalar) > 0
            else { return nil }
            return .character(Character(scalar))
        }
    }

    static func decodeKeyCode(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_BTAB: return .backTab
        case KEY_RESIZE: return .resize
        case ControlArrows.leftCode: return .controlLeft
        case ControlArrows.rightCode: return .controlRight
        case KEY_F0 + 1...KEY_F0 + 63: return .function(Int(code - KEY_F0))
        default: return nil
        }
    }

    /// The raw codes that produce `key`, for feeding a headless screen: the inverse of
    /// `decode` (with ``KeyStreamDecoder`` for `.alt`, which is Esc then the key).
    /// `nil` for keys with no codes (`.paste`); multi-scalar graphemes become several codes.
    package static func encode(_ key: Key) -> [RawKey]? {
        switch key {
        case .character(let c):
            return c.unicodeScalars.map { .character($0.value) }
        case .control(let c):
            guard let ascii = c.asciiValue, (0x61...0x7A).contains(ascii) else { return nil }
            return [.character(UInt32(ascii) - 0x60)]
        case .up: return [.keyCode(KEY_UP)]
        case .down: return [.keyCode(KEY_DOWN)]
        case .left: return [.keyCode(KEY_LEFT)]
        case .right: return [.keyCode(KEY_RIGHT)]
        case .home: return [.keyCode(KEY_HOME)]
        case .end: return [.keyCode(KEY_END)]
        case .pageUp: return [.keyCode(KEY_PPAGE)]
        case .pageDown: return [.keyCode(KEY_NPAGE)]
        case .enter: return [.character(13)]
        case .escape: return [.character(27)]
        case .backspace: return [.character(127)]
        case .delete: return [.keyCode(KEY_DC)]
        case .tab: return [.character(9)]
        case .backTab: return [.keyCode(KEY_BTAB)]
        case .insert: return [.keyCode(KEY_IC)]
        case .function(let n):
            guard (1...63).contains(n) else { return nil }
            return [.keyCode(KEY_F0 + Int32(n))]
        case .resize: return [.keyCode(KEY_RESIZE)]
        case .paste: return nil
        case .alt(let inner):
            guard let codes = encode(inner) else { return nil }
            return [.character(27)] + codes
        case .controlLeft: return [.keyCode(ControlArrows.leftCode)]
        case .controlRight: return [.keyCode(ControlArrows.rightCode)]
        case .mouse(let event): return encodeSGR(event)
        }
    }

    /// A mouse event as the report a terminal sends after its start (which ncurses turns
    /// into ``MouseReporting/reportCode``); `nil` for events no report describes.
    static func encodeSGR(_ event: MouseEvent) -> [RawKey]? {
        let base: Int
        switch event.button {
        case .left: base = 0
        case .middle: base = 1
        case .right: base = 2
        case .none: base = 3
        case .wheelUp: base = 64
        case .wheelDown: base = 65
        case .wheelLeft: base = 66
        case .wheelRight: base = 67
        }
        guard event.x >= 0, event.y >= 0 else { return nil }
        let code = base + (event.shift ? 4 : 0) + (event.alt ? 8 : 0) + (event.control ? 16 : 0) + (event.kind == .drag ? 32 : 0)
        let text = "\(code);\(event.x + 1);\(event.y + 1)" + (event.kind == .release ? "m" : "M")
        return [.keyCode(MouseReporting.reportCode)] + text.unicodeScalars.map { .character($0.value) }
    }
}
