/// xterm's mouse reporting, as parley asks for it: button presses and releases (mode
/// 1000) in the SGR form (mode 1006). Not 1002/1003 (drags, motion): parley has no use for
/// them, and every motion would be a report to read.
///
/// Why not ncurses' own `mousemask`: ncurses picks the report form from the terminfo
/// entry's `kmous` — `\E[<` (SGR) for xterm-256color but `\E[M` (X10, one byte per
/// coordinate: nothing beyond column 223) for screen and tmux-256color — so inside tmux it
/// would ask for the old form. parley writes the modes itself and teaches ncurses the
/// report's start (`define_key`, a private code as for bracketed paste);
/// ``KeyStreamDecoder`` reads the rest. With modes 1000/1006, terminals keep Shift+drag
/// for their own text selection.
package enum MouseReporting {
    /// Turns reporting on (press/release, SGR form).
    package static let enable = "\u{1B}[?1000h\u{1B}[?1006h"
    /// Turns it off again (sent whenever parley hands the terminal back).
    package static let disable = "\u{1B}[?1006l\u{1B}[?1000l"
    /// What starts an SGR mouse report.
    package static let reportStart = "\u{1B}[<"
    /// The key code ncurses returns for ``reportStart``: private, beside the paste codes.
    package static let reportCode: Int32 = 0x6E02
    /// The longest parameter text a report may have ("64;65535;65535" is 14): longer is
    /// not a report, and what was gathered is dropped.
    static let maximumParameterLength = 20
}

/// Ctrl-Left and Ctrl-Right: xterm sends `ESC [1;5D` / `ESC [1;5C`. terminfo names them
/// only as extended capabilities (`kLFT5`, `kRIT5`) whose codes ncurses hands out at run
/// time, so parley binds the sequences to private codes of its own.
package enum ControlArrows {
    /// Ctrl-Left's sequence.
    package static let leftSequence = "\u{1B}[1;5D"
    /// Ctrl-Right's sequence.
    package static let rightSequence = "\u{1B}[1;5C"
    /// The key code ncurses returns for Ctrl-Left.
    package static let leftCode: Int32 = 0x6E03
    /// The key code ncurses returns for Ctrl-Right.
    package static let rightCode: Int32 = 0x6E04
}
