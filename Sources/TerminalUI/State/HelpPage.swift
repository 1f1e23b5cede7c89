/// The `?` overlay's lines as laid out for one terminal size: every key of the context
/// underneath (from the ``KeyMap``, so the user's `[keys]` show) with, where the overlay is
/// wide enough, its action name for `[keys]` on the right; the legend of its marks
/// (``HelpLegend``), then the overlay's own keys. One column that scrolls: a description
/// too long for its column wraps under itself at a word ("delete permanently (asks f"
/// lost its end), and nothing is left "on a taller terminal".
///
/// The reducer measures with it (how far `G` goes) and the view draws it, so both agree.
package struct HelpPage: Equatable, Sendable {
    /// One line of the overlay.
    package struct Row: Equatable, Sendable {
        /// The keys, on an entry's first line only.
        package var keys: String
        /// The description (or its continuation).
        package var text: String
        /// The action name `[keys]` binds (``ActionName``), on an entry's first line only.
        package var name = ""
        /// A heading between sections rather than a key.
        package var isHeading = false
    }

    /// The lines, top to bottom.
    package let rows: [Row]
    /// The width of the keys column.
    package let keyWidth: Int
    /// The width of the action names' column on the right; 0 when the overlay is too narrow
    /// for it (the search still finds them).
    package let nameWidth: Int
    /// The width of the descriptions' column.
    package var textWidth: Int { width - 4 - keyWidth - 2 - (nameWidth > 0 ? nameWidth + 2 : 0) }
    /// The overlay's width, borders included.
    package let width: Int
    /// How many lines show at once.
    package let visibleRows: Int

    /// The first line shown when scrolled to the end.
    package var maxTop: Int { max(0, rows.count - visibleRows) }

    /// The overlay for the keys of `context` on a terminal of the given size. `nextUndo`
    /// words the undo key's line ("undo: trash of Maggie's comment").
    package init(keyMap: KeyMap, context: KeyContext, nextUndo: String?, terminalWidth: Int, terminalHeight: Int) {
        var entries = Self.entries(keyMap, context, nextUndo: nextUndo)
            + HelpLegend.lines(for: context).map { ($0.keys, $0.help, "") }
        let own = Self.entries(keyMap, .help, nextUndo: nil)
        if context != .help, !own.isEmpty {
            entries.append(("", "In this help:", ""))
            entries += own
        }
        width = max(20, min(96, terminalWidth - 4))
        keyWidth = min(16, entries.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        // Borders and margins: "│ " keys "  " text ["  " name] " │"; the names only when
        // the descriptions keep 30 columns.
        let names = entries.map { DisplayWidth.of($0.name) }.max() ?? 0
        nameWidth = width - 4 - keyWidth - 2 - names - 2 >= 30 ? names : 0
        let textWidth = max(1, width - 4 - keyWidth - 2 - (nameWidth > 0 ? nameWidth + 2 : 0))
        rows = entries.flatMap { entry -> [Row] in
            if entry.keys.isEmpty { return [Row(keys: "", text: entry.help, isHeading: true)] }
            let lines = TextWrapper.wrap(entry.help, width: textWidth)
            return lines.enumerated().map {
                Row(keys: $0.offset == 0 ? entry.keys : "", text: $0.element, name: $0.offset == 0 ? entry.name : "")
            }
        }
        visibleRows = max(1, min(rows.count, terminalHeight - 6))
    }

    /// The rows whose keys or words hold `query` (any case), top to bottom.
    package func matches(_ query: String) -> [Int] {
        guard !query.isEmpty else { return [] }
        return rows.indices.filter { (rows[$0].keys + " " + rows[$0].text + " " + rows[$0].name).localizedCaseInsensitiveContains(query) }
    }

    /// The key lines of `context`, the undo key's saying what it would undo now: the key map
    /// holds fixed words, the undo stack changes with every trash.
    private static func entries(_ keyMap: KeyMap, _ context: KeyContext, nextUndo: String?) -> [(keys: String, help: String, name: String)] {
        keyMap.help(for: context).map { line in
            guard line.name == "undo", context == .list || context == .detail else { return line }
            return (line.keys, "undo: " + (nextUndo ?? "nothing to undo"), line.name)
        }
    }
}

/// How the help overlay is scrolled and searched; back to the top each time it opens.
package struct HelpScroll: Equatable, Sendable {
    /// The first line shown.
    package var top = 0
    /// The search kept with Enter, for `n` / `N` and the highlight.
    package var query = ""
    /// The search being typed, nil when the prompt is closed.
    package var prompt: String?
    /// The line of the match `n` / `N` last went to.
    package var match: Int?

    /// At the top, no search.
    package init() {}
}
