/// One mouse report from the terminal, decoded from xterm's SGR form
/// (`ESC [ < button ; column ; row M`, `m` for a release): see ``MouseReporting``.
///
/// Columns and rows count from 0 here (the terminal counts from 1). The SGR form carries
/// them as decimal numbers, so a click beyond column 223 is reported where it is (the
/// older X10 form, one byte per coordinate, cannot say so).
package struct MouseEvent: Sendable, Hashable, Codable {
    /// Which button, or which way the wheel turned.
    package enum Button: String, Sendable, Hashable, Codable {
        case left, middle, right, wheelUp, wheelDown, wheelLeft, wheelRight
        /// Motion with no button held (reported only in any-motion mode, which parley does not ask for).
        case none
    }

    /// Pressed, released, or moved with the button held.
    package enum Kind: String, Sendable, Hashable, Codable {
        case press, release, drag
    }

    /// The button (or wheel direction).
    package var button: Button
    /// Press, release or drag.
    package var kind: Kind
    /// The column, from 0.
    package var x: Int
    /// The row, from 0.
    package var y: Int
    /// Whether Shift was held (most terminals keep Shift-clicks for their own selection).
    package var shift: Bool
    /// Whether Alt (Meta) was held.
    package var alt: Bool
    /// Whether Ctrl was held.
    package var control: Bool
    /// 1 for a single click, 2 for a double click: counted by ``MouseClickCounter`` from the
    /// times of presses (the terminal does not say), so replays see the same count.
    package var clickCount: Int

    /// Makes an event.
    package init(button: Button, kind: Kind, x: Int, y: Int, shift: Bool = false, alt: Bool = false, control: Bool = false, clickCount: Int = 1) {
        self.button = button
        self.kind = kind
        self.x = x
        self.y = y
        self.shift = shift
        self.alt = alt
        self.control = control
        self.clickCount = clickCount
    }

    /// Whether this is the wheel turning (reported as presses, never released).
    package var isWheel: Bool {
        switch button {
        case .wheelUp, .wheelDown, .wheelLeft, .wheelRight: true
        default: false
        }
    }

    /// Decodes the parameters of an SGR report: `parameters` is what lies between
    /// `ESC [ <` and the final byte (`"0;10;5"`), `final` is `M` (press or motion) or
    /// `m` (release). `nil` for anything malformed: numbers missing, out of range or
    /// absurdly long (nothing from the terminal is trusted).
    package static func decodeSGR(parameters: String, final: Character) -> MouseEvent? {
        guard final == "M" || final == "m" else { return nil }
        let fields = parameters.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3,
              fields.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let code = Int(fields[0]), let column = Int(fields[1]), let row = Int(fields[2]),
              column >= 1, row >= 1
        else { return nil }
        let isMotion = code & 32 != 0
        let button: Button
        switch (code & 64 != 0, code & 128 != 0, code & 3) {
        case (false, false, 0): button = .left
        case (false, false, 1): button = .middle
        case (false, false, 2): button = .right
        case (false, false, _): button = .none
        case (true, false, 0): button = .wheelUp
        case (true, false, 1): button = .wheelDown
        case (true, false, 2): button = .wheelLeft
        case (true, false, _): button = .wheelRight
        default: return nil  // buttons 8–11: no meaning for parley
        }
        let kind: Kind = final == "m" ? .release : isMotion ? .drag : .press
        return MouseEvent(button: button, kind: kind, x: column - 1, y: row - 1,
                          shift: code & 4 != 0, alt: code & 8 != 0, control: code & 16 != 0)
    }
}
