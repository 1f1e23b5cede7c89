/// One of the eight classic terminal colours, or the terminal's own default.
///
/// Only the eight ANSI colours are offered: they exist on every colour terminal, and
/// the user's palette decides how they look, so parley never fights a theme.
public enum TerminalColor: Sendable, Hashable, CaseIterable {
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
}
