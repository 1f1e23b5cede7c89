/// Whether to emit OSC 8 hyperlinks, and their bytes.
///
/// The choice: the configuration's `hyperlinks = true/false` wins; otherwise links are
/// emitted only where the terminal says who it is and that one is known to support them —
/// VTE 0.50 or later (`VTE_VERSION` ≥ 5000: GNOME Terminal, Tilix…), `TERM_PROGRAM` of
/// iTerm2, WezTerm, VS Code or Ghostty, kitty, foot and Windows Terminal (`WT_SESSION`).
/// Inside tmux or screen they are off unless configured: tmux passes them on only with
/// its `hyperlinks` terminal feature, which a program cannot see. A terminal that does not
/// know OSC 8 ignores it, so a wrong "on" costs nothing visible in the common terminals;
/// off by default elsewhere keeps the bytes away from the rare one that prints them.
package enum HyperlinkSupport {
    /// The decision for `configured` (`hyperlinks` in config.toml, nil when absent) and
    /// the environment.
    package static func decide(configured: Bool?, environment: [String: String]) -> Bool {
        if let configured { return configured }
        if environment["TMUX"] != nil || environment["STY"] != nil { return false }
        if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 5000 { return true }
        if let program = environment["TERM_PROGRAM"], ["iTerm.app", "WezTerm", "vscode", "ghostty"].contains(program) { return true }
        if environment["WT_SESSION"] != nil || environment["KITTY_WINDOW_ID"] != nil { return true }
        let term = environment["TERM"] ?? ""
        return term.hasPrefix("xterm-kitty") || term.hasPrefix("foot") || term.hasPrefix("wezterm")
    }

    /// The bytes that lay `links` over what is on the screen: for each, the cursor saved
    /// (DECSC), moved to the link's first cell, the link opened, the cells' own text written
    /// again (with their bold / dim / underline / reverse; colours are the terminal's
    /// default), the link closed, attributes reset and the cursor restored (DECRC). The text
    /// is the canvas's, so every cell keeps its width: nothing moves.
    package static func sequence(for links: [Hyperlink], on canvas: Canvas) -> String {
        var out = ""
        for link in links {
            guard let url = sanitizedForOSC(link.url), link.y >= 0, link.y < canvas.height else { continue }
            let start = max(0, link.x), end = min(canvas.width, link.x + link.width)
            guard start < end else { continue }
            out += "\u{1B}7\u{1B}[\(link.y + 1);\(start + 1)H\u{1B}]8;;\(url)\u{1B}\\"
            var current: Style?
            for x in start..<end {
                guard let cell = canvas.cell(atX: x, y: link.y), !cell.isContinuation else { continue }
                if cell.style != current {
                    out += sgr(cell.style)
                    current = cell.style
                }
                out += cell.grapheme
            }
            out += "\u{1B}]8;;\u{1B}\\\u{1B}[0m\u{1B}8"
        }
        return out
    }

    /// Only printable ASCII may sit inside the escape sequence (an ESC or BEL would end it
    /// early and let the rest run as commands); links come from ``CommentLink``, which
    /// allows nothing else, and this is the last check.
    static func sanitizedForOSC(_ url: String) -> String? {
        url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) && !url.isEmpty ? url : nil
    }

    private static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
