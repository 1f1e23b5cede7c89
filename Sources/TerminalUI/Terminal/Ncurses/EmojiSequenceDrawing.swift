/// How the painter draws a grapheme cluster made of several emoji — a ZWJ sequence
/// (👩‍💻, 👨‍👩‍👧), an emoji with a skin tone (👍🏽) — which `DisplayWidth` measures, like
/// every grapheme, as one cluster of two columns.
///
/// Terminals disagree about such clusters. Those that segment text into grapheme
/// clusters (WezTerm, Ghostty; the "mode 2027" family) draw the whole sequence as one
/// two-column glyph. The rest, and tmux, draw each emoji of it separately — 👩‍💻 takes four
/// columns — and every later cell of the row would land two columns right of where the
/// Canvas put it. parley cannot ask the terminal cheaply (a query's answer arrives mixed
/// with the keys), so it draws whole sequences only where it knows they are joined and
/// keeps the columns right everywhere else.
package enum EmojiSequenceDrawing: Sendable, Equatable {
    /// Send the whole cluster, so the terminal draws it as one glyph (up to ncurses' five
    /// characters per cell, `CCHARW_MAX`; a longer sequence, such as a family of four,
    /// falls back to its first emoji).
    case wholeCluster
    /// Send only the first emoji of the sequence, without its skin tone or joiner: two
    /// columns in every terminal, so the columns after it stay aligned. The default.
    case firstEmoji

    /// The choice for the terminal described by `environment`: `PARLEY_EMOJI_SEQUENCES`
    /// (`whole` or `first`) when set; whole clusters in WezTerm and Ghostty when not inside
    /// tmux or screen (a multiplexer re-draws with widths of its own); otherwise the first
    /// emoji.
    package static func forTerminal(environment: [String: String]) -> EmojiSequenceDrawing {
        switch environment["PARLEY_EMOJI_SEQUENCES"]?.lowercased() {
        case "whole": return .wholeCluster
        case "first": return .firstEmoji
        default: break
        }
        let multiplexed = environment["TMUX"] != nil || environment["STY"] != nil
            || environment["TERM"].map { $0.hasPrefix("screen") || $0.hasPrefix("tmux") } == true
        let joining = ["WezTerm", "ghostty"].contains(environment["TERM_PROGRAM"] ?? "")
        return joining && !multiplexed ? .wholeCluster : .firstEmoji
    }
}
