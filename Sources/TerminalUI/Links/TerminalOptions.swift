/// How parley uses the terminal beyond drawing, from `config.toml`: ``mouse``,
/// ``clipboard`` and ``hyperlinks``.
package struct TerminalOptions: Equatable, Sendable {
    /// Where `y` puts a link.
    package enum Clipboard: String, Equatable, Sendable {
        /// Nowhere: `y` shows the link to select by hand (the default: a program that writes
        /// the clipboard through the terminal is something to opt into).
        case off
        /// The terminal's clipboard, through OSC 52 (xterm, kitty, iTerm2, WezTerm, foot;
        /// tmux with `set-clipboard on`).
        case osc52
    }

    /// `mouse`: ask the terminal for mouse reports (on by default).
    package var mouse = true
    /// `clipboard`: what `y` may do.
    package var clipboard = Clipboard.off
    /// `hyperlinks`: OSC 8 links in the detail pane — on, off, or `nil` to decide from the
    /// environment (``HyperlinkSupport``).
    package var hyperlinks: Bool?

    /// The defaults: mouse on, clipboard off, hyperlinks where the terminal says it has them.
    package init(mouse: Bool = true, clipboard: Clipboard = .off, hyperlinks: Bool? = nil) {
        self.mouse = mouse
        self.clipboard = clipboard
        self.hyperlinks = hyperlinks
    }
}
