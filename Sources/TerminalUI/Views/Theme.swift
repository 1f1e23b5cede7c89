import CommentsKit

/// The styles of every element, in one place. Colours always come with a letter or a
/// shape, so the screen reads the same in monochrome (`NO_COLOR`).
enum Theme {
    static let header = Style(bold: true, reverse: true)
    static let filtered = Style(foreground: .yellow, bold: true, reverse: true)
    static let cursor = Style(reverse: true)
    static let dim = Style(dim: true)
    static let author = Style(bold: true)
    static let guide = Style(foreground: .blue, dim: true)
    static let error = Style(foreground: .red, bold: true)
    static let info = Style(foreground: .green)
    static let hint = Style(foreground: .cyan)
    static let border = Style(foreground: .blue)
    static let focusedBorder = Style(foreground: .cyan, bold: true)
    static let title = Style(bold: true)
    /// The header's pending badge: the pending mark's colour ("P").
    static let pendingBadge = Style(foreground: .yellow, bold: true, reverse: true)
    /// The `*` of a tagged comment.
    static let tagged = Style(foreground: .yellow, bold: true)

    /// The status mark: a letter that says it, and a colour that repeats it.
    static func mark(for entry: CommentEntry) -> (String, Style) {
        if entry.isLocal {
            if case .failed? = entry.mark { return ("!", Style(foreground: .red, bold: true)) }
            return ("…", Style(foreground: .cyan))
        }
        if entry.mark == .updating { return ("~", Style(foreground: .cyan)) }
        switch entry.status {
        case .approved: return ("A", Style(foreground: .green))
        case .hold: return ("P", Style(foreground: .yellow, bold: true))
        case .spam: return ("S", Style(foreground: .red))
        case .trash: return ("T", Style(foreground: .magenta, dim: true))
        }
    }

    /// The status as a word, for the detail pane.
    static func statusWord(_ entry: CommentEntry) -> String {
        if entry.isLocal {
            if case .failed(let error)? = entry.mark { return "not sent — " + TextSanitizer.singleLine(error.description) }
            return "sending…"
        }
        let word = switch entry.status {
        case .approved: "Approved"
        case .hold: "Pending"
        case .spam: "Spam"
        case .trash: "Trash"
        }
        return entry.mark == .updating ? "\(word) (saving…)" : word
    }

    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
}
