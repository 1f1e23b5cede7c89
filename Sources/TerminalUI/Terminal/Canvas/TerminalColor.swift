/// One of the eight classic terminal colours, the terminal's own default, or a colour of
/// the terminal's 256-colour palette.
///
/// parley's themes use only the eight ANSI colours: they exist on every colour terminal,
/// and the user's palette decides how they look, so parley never fights a theme. A
/// `[colors]` table may name the others (`bright-blue`, `color123`); a terminal with
/// fewer colours shows the ANSI colour they extend.
package enum TerminalColor: Sendable, Hashable {
    /// ANSI colour 0.
    case black
    /// ANSI colour 1.
    case red
    /// ANSI colour 2.
    case green
    /// ANSI colour 3.
    case yellow
    /// ANSI colour 4.
    case blue
    /// ANSI colour 5.
    case magenta
    /// ANSI colour 6.
    case cyan
    /// ANSI colour 7.
    case white
    /// The terminal's default foreground or background (ncurses colour -1).
    case `default`
    /// Colour `n` of the terminal's palette: 8–15 are the bright ANSI colours.
    case indexed(UInt8)
}
