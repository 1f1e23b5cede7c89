/// How a cell looks: colours and attributes.
///
/// `nil` colours mean "terminal default", exactly like `.default`; both exist so that
/// call sites can write `Style(bold: true)` without naming a colour.
/// On a monochrome terminal (or with `NO_COLOR` set) colours are dropped and only the
/// attributes remain, so a style must still make sense without its colours.
package struct Style: Sendable, Hashable {
    /// Foreground colour; `nil` is the terminal default.
    package var foreground: TerminalColor?
    /// Background colour; `nil` is the terminal default.
    package var background: TerminalColor?
    /// Bold (often brighter) text.
    package var bold: Bool
    /// Dim (faint) text.
    package var dim: Bool
    /// Swapped foreground and background.
    package var reverse: Bool
    /// Underlined text.
    package var underline: Bool

    /// Creates a style; every part defaults to "off".
    package init(
        foreground: TerminalColor? = nil,
        background: TerminalColor? = nil,
        bold: Bool = false,
        dim: Bool = false,
        reverse: Bool = false,
        underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// Terminal defaults, no attributes.
    package static let plain = Style()
    /// Bold text in the default colours.
    package static let bold = Style(bold: true)
    /// Dim text, for secondary information.
    package static let dim = Style(dim: true)
    /// Reverse video, the classic selection highlight (readable without colour).
    package static let reverse = Style(reverse: true)
    /// Underlined text.
    package static let underline = Style(underline: true)

    /// The effective foreground: `nil` and `.default` are the same colour.
    package var resolvedForeground: TerminalColor { foreground ?? .default }
    /// The effective background: `nil` and `.default` are the same colour.
    package var resolvedBackground: TerminalColor { background ?? .default }

    /// A copy with the given foreground.
    package func foreground(_ color: TerminalColor?) -> Style {
        var copy = self
        copy.foreground = color
        return copy
    }

    /// A copy with the given background.
    package func background(_ color: TerminalColor?) -> Style {
        var copy = self
        copy.background = color
        return copy
    }
}
