/// A decoded key press (or terminal event that arrives through the key stream).
package enum Key: Sendable, Hashable {
    /// A printable grapheme (never a control character).
    case character(Character)
    /// Ctrl plus a letter, carried as the lowercase letter: Ctrl-U is `.control("u")`.
    /// Ctrl-I, Ctrl-J and Ctrl-M are indistinguishable from Tab and Enter on a terminal and
    /// arrive as `.tab` / `.enter`; Ctrl-H arrives as `.backspace`.
    case control(Character)
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Enter / Return (also keypad Enter, Ctrl-J, Ctrl-M).
    case enter
    /// A lone Escape press.
    case escape
    /// Backspace (DEL 127, Ctrl-H, or the terminal's backspace key code).
    case backspace
    /// Forward delete.
    case delete
    /// Tab (also Ctrl-I).
    case tab
    /// Shift-Tab.
    case backTab
    /// Insert.
    case insert
    /// Function key F1…F63.
    case function(Int)
    /// The terminal was resized (ncurses `KEY_RESIZE`).
    case resize
    /// Text pasted in one go (bracketed paste); sanitise before use. Never a command:
    /// only text fields take it.
    case paste(String)
    /// A key pressed with Alt (Meta): terminals send Esc then the key, which
    /// ``KeyStreamDecoder`` pairs back into one chord (Alt-y is `.alt(.character("y"))`).
    /// The only boxed case: the others' payloads are stored inline, so a key press costs
    /// no allocation (an `indirect enum` boxed every `.character`).
    indirect case alt(Key)
    /// Ctrl-Left (a word left in the editors).
    case controlLeft
    /// Ctrl-Right (a word right in the editors).
    case controlRight
    /// A mouse report (when reporting is on: ``MouseReporting``). Boxed, like `.alt`, so
    /// the other keys stay small.
    indirect case mouse(MouseEvent)

    /// A short human name for help text: "j", "Ctrl-U", "PgDn", "Enter", "Space", "F1", "Alt-b".
    package var name: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .control(let c): return "Ctrl-" + String(c).uppercased()
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .insert: return "Ins"
        case .function(let n): return "F\(n)"
        case .resize: return "Resize"
        case .paste: return "Paste"
        case .alt(let key): return "Alt-" + key.name
        case .controlLeft: return "Ctrl-Left"
        case .controlRight: return "Ctrl-Right"
        case .mouse: return "Mouse"
        }
    }
}
