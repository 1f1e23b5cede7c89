/// What each element of the screen is, for theming: the names `[colors]` in config.toml
/// uses (`header = "bold reverse blue"`).
package enum ThemeRole: String, CaseIterable, Sendable {
    case header, filtered, cursor, dim, author, guide, error, info, hint, border
    case focusedBorder = "focused-border"
    case title
    case pendingBadge = "pending-badge"
    case tagged
    case searchMatch = "search-match"
    case approved, pending, spam, trash, failed, sending
}

/// A theme: a style for every ``ThemeRole``. Three are built in — `default` (for dark
/// and most backgrounds), `light` (no yellow or cyan text, which fade on white) and `mono`
/// (no colour at all: reverse, bold, underline and the marks' letters carry everything;
/// what `NO_COLOR` chooses).
package struct ThemeStyles: Sendable, Equatable {
    private var styles: [ThemeRole: Style]

    /// The style of `role` (plain when a theme leaves it out).
    package subscript(role: ThemeRole) -> Style {
        get { styles[role] ?? .plain }
        set { styles[role] = newValue }
    }

    /// Every style the theme draws with: a mono theme's have no colour.
    package var allStyles: [Style] { ThemeRole.allCases.map { self[$0] } }

    /// The built-in theme called `name`, nil for none.
    package static func named(_ name: String) -> ThemeStyles? {
        switch name.lowercased() {
        case "default": standard
        case "light": light
        case "mono": mono
        default: nil
        }
    }

    /// The names of the built-in themes.
    package static let names = ["default", "light", "mono"]

    /// The default theme.
    package static let standard = ThemeStyles(styles: [
        .header: Style(bold: true, reverse: true),
        .filtered: Style(foreground: .yellow, bold: true, reverse: true),
        .cursor: Style(reverse: true),
        .dim: Style(dim: true),
        .author: Style(bold: true),
        .guide: Style(foreground: .blue, dim: true),
        .error: Style(foreground: .red, bold: true),
        .info: Style(foreground: .green),
        .hint: Style(foreground: .cyan),
        .border: Style(foreground: .blue),
        .focusedBorder: Style(foreground: .cyan, bold: true),
        .title: Style(bold: true),
        .pendingBadge: Style(foreground: .yellow, bold: true, reverse: true),
        .tagged: Style(foreground: .yellow, bold: true),
        .searchMatch: Style(foreground: .yellow, reverse: true),
        .approved: Style(foreground: .green),
        .pending: Style(foreground: .yellow, bold: true),
        .spam: Style(foreground: .red),
        .trash: Style(foreground: .magenta, dim: true),
        .failed: Style(foreground: .red, bold: true),
        .sending: Style(foreground: .cyan),
    ])

    /// For light backgrounds: the default, with yellow and cyan (pale on white) replaced by
    /// darker colours.
    package static let light: ThemeStyles = {
        var theme = standard
        theme[.filtered] = Style(foreground: .blue, bold: true, reverse: true)
        theme[.hint] = Style(foreground: .blue)
        theme[.focusedBorder] = Style(foreground: .blue, bold: true)
        theme[.border] = Style(foreground: .black, dim: true)
        theme[.pendingBadge] = Style(foreground: .magenta, bold: true, reverse: true)
        theme[.tagged] = Style(foreground: .magenta, bold: true)
        theme[.searchMatch] = Style(foreground: .magenta, reverse: true)
        theme[.pending] = Style(foreground: .magenta, bold: true)
        theme[.sending] = Style(foreground: .blue)
        theme[.guide] = Style(dim: true)
        return theme
    }()

    /// No colour: attributes only. The cursor and badges are reverse video, a tag's `*` and
    /// a pending `P` bold, a search match underlined, errors bold.
    package static let mono = ThemeStyles(styles: [
        .header: Style(bold: true, reverse: true),
        .filtered: Style(bold: true, reverse: true, underline: true),
        .cursor: Style(reverse: true),
        .dim: Style(dim: true),
        .author: Style(bold: true),
        .guide: Style(dim: true),
        .error: Style(bold: true),
        .info: Style(),
        .hint: Style(bold: true),
        .border: Style(),
        .focusedBorder: Style(bold: true),
        .title: Style(bold: true),
        .pendingBadge: Style(bold: true, reverse: true),
        .tagged: Style(bold: true),
        .searchMatch: Style(reverse: true, underline: true),
        .approved: Style(),
        .pending: Style(bold: true),
        .spam: Style(bold: true),
        .trash: Style(dim: true),
        .failed: Style(bold: true, reverse: true),
        .sending: Style(dim: true),
    ])
}
