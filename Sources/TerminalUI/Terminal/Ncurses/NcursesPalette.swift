import CNcurses

/// Maps `Style`s to ncurses attributes and colour pairs for one screen.
///
/// Colour pairs are allocated lazily, one per (foreground, background) combination
/// actually used; the built-in themes need at most 9 × 9. In monochrome mode (no colours, or
/// `NO_COLOR` set) colours are dropped and only bold/dim/reverse/underline remain.
struct NcursesPalette {
    /// Whether the screen draws colours.
    let usesColor: Bool
    /// Whether ncurses colour -1 (terminal default) is available (`use_default_colors`).
    private let hasDefaultColors: Bool
    private var pairs: [PairKey: Int16] = [:]
    private var nextPair: Int32 = 1

    private struct PairKey: Hashable {
        let foreground: TerminalColor
        let background: TerminalColor
    }

    /// A palette for the current screen; call after `newterm`.
    /// `allowColor` is false when the user asked for no colour (`NO_COLOR`).
    static func start(allowColor: Bool) -> NcursesPalette {
        guard allowColor, has_colors(), start_color() == OK else {
            return NcursesPalette(usesColor: false, hasDefaultColors: false)
        }
        let defaults = use_default_colors() == OK
        return NcursesPalette(usesColor: true, hasDefaultColors: defaults)
    }

    private init(usesColor: Bool, hasDefaultColors: Bool) {
        self.usesColor = usesColor
        self.hasDefaultColors = hasDefaultColors
    }

    /// Attributes (without colour) for a style.
    static func attributes(for style: Style) -> attr_t {
        var attributes = parley_a_normal()
        if style.bold { attributes |= parley_a_bold() }
        if style.dim { attributes |= parley_a_dim() }
        if style.reverse { attributes |= parley_a_reverse() }
        if style.underline { attributes |= parley_a_underline() }
        return attributes
    }

    /// The colour pair for a style, allocating it on first use; 0 when colours are off,
    /// both colours are defaults, or the terminal ran out of pairs.
    mutating func pair(for style: Style) -> Int16 {
        guard usesColor else { return 0 }
        let key = PairKey(foreground: style.resolvedForeground, background: style.resolvedBackground)
        if key.foreground == .default && key.background == .default { return 0 }
        if let known = pairs[key] { return known }
        guard nextPair < min(parley_color_pairs(), Int32(Int16.max)) else { return 0 }
        let number = Int16(nextPair)
        guard init_pair(number, code(key.foreground, isForeground: true), code(key.background, isForeground: false)) == OK else {
            return 0
        }
        nextPair += 1
        pairs[key] = number
        return number
    }

    private func code(_ color: TerminalColor, isForeground: Bool) -> Int16 {
        switch color {
        case .black: return Int16(COLOR_BLACK)
        case .red: return Int16(COLOR_RED)
        case .green: return Int16(COLOR_GREEN)
        case .yellow: return Int16(COLOR_YELLOW)
        case .blue: return Int16(COLOR_BLUE)
        case .magenta: return Int16(COLOR_MAGENTA)
        case .cyan: return Int16(COLOR_CYAN)
        case .white: return Int16(COLOR_WHITE)
        case .default:
            if hasDefaultColors { return -1 }
            return Int16(isForeground ? COLOR_WHITE : COLOR_BLACK)
        case .indexed(let number):
            // Beyond the terminal's palette: the ANSI colour it extends (bright-blue is blue).
            return Int16(Int32(number) < parley_colors() ? Int32(number) : Int32(number % 8))
        }
    }
}
