import CommentsKit

/// The styles of every element, by role, from the theme being drawn with
/// (``ThemeStyles``: `default`, `light`, `mono`, plus the user's `[colors]`). Colours
/// always come with a letter or a shape, so the screen reads the same in monochrome
/// (`NO_COLOR`, `theme = "mono"`).
///
/// The views read the roles here; ``ScreenView/render(_:)`` sets the theme for the frame
/// (a task-local value: drawing is synchronous, and no view has to pass it along).
enum Theme {
    /// The theme of the frame being drawn.
    @TaskLocal static var current = ThemeStyles.standard

    static var header: Style { current[.header] }
    static var filtered: Style { current[.filtered] }
    static var cursor: Style { current[.cursor] }
    static var dim: Style { current[.dim] }
    static var author: Style { current[.author] }
    static var guide: Style { current[.guide] }
    static var error: Style { current[.error] }
    static var info: Style { current[.info] }
    static var hint: Style { current[.hint] }
    static var border: Style { current[.border] }
    static var focusedBorder: Style { current[.focusedBorder] }
    static var title: Style { current[.title] }
    /// The header's pending badge: the pending mark's colour ("P").
    static var pendingBadge: Style { current[.pendingBadge] }
    /// The `*` of a tagged comment.
    static var tagged: Style { current[.tagged] }
    /// A match of the help's search.
    static var searchMatch: Style { current[.searchMatch] }

    /// The status mark: a letter that says it, and a colour that repeats it.
    static func mark(for entry: CommentEntry) -> (String, Style) {
        // A write waiting in the outbox (issue 14): "Q", for queued.
        if entry.mark == .queued { return ("Q", current[.sending]) }
        if entry.isLocal {
            if case .failed? = entry.mark { return ("!", current[.failed]) }
            return ("…", current[.sending])
        }
        if entry.mark == .updating { return ("~", current[.sending]) }
        switch entry.status {
        case .approved: return ("A", current[.approved])
        case .hold: return ("P", current[.pending])
        case .spam: return ("S", current[.spam])
        case .trash: return ("T", current[.trash])
        }
    }

    /// The status as a word, for the detail pane.
    static func statusWord(_ entry: CommentEntry) -> String {
        if entry.isLocal {
            if entry.mark == .queued { return "queued — sent when the site answers" }
            if case .failed(let error)? = entry.mark { return "not sent — " + TextSanitizer.singleLine(error.description) }
            return "sending…"
        }
        let word = switch entry.status {
        case .approved: "Approved"
        case .hold: "Pending"
        case .spam: "Spam"
        case .trash: "Trash"
        }
        if entry.mark == .queued { return "\(word) (queued — sent when the site answers)" }
        return entry.mark == .updating ? "\(word) (saving…)" : word
    }

    static let spinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
}
