import CommentsKit

/// The threaded list: one line per comment — status mark, author, relative date, tree
/// guides, excerpt — the cursor line's head (mark, author) highlighted, the reply editor
/// inline under its comment, and a last line about what is left to load.
///
/// The guides sit between the date and the text, so the mark, author and date columns
/// line up at every depth (guides in front pushed each reply's columns two to the right
/// per level).
enum CommentListView {
    static let authorWidth = 16
    static let dateWidth = 10
    /// After the status mark: the comment has a kept draft (a reply to it, or an edit of it).
    static let draftMark = "✎"

    /// Draws the list; returns where the text cursor goes when the reply editor is open.
    static func draw(into canvas: inout Canvas, rect: Rect, model: ScreenModel) -> (x: Int, y: Int)? {
        guard !model.rows.isEmpty else {
            drawEmpty(into: &canvas, rect: rect, model: model)
            return nil
        }
        var y = rect.y
        var textCursor: (x: Int, y: Int)?
        let bottom = rect.y + rect.height
        var index = model.ui.scrollTop
        while y < bottom, index < model.rows.count {
            let row = model.rows[index]
            drawRow(row, into: &canvas, x: rect.x, y: y, width: rect.width, model: model, isCursor: index == model.ui.cursorIndex)
            y += 1
            if case .compose(let composer) = model.ui.mode, composer.anchor == row.id, y < bottom {
                let height = min(bottom - y, Layout.composerHeight(for: composer.editor, list: rect))
                textCursor = ComposerView.draw(composer, into: &canvas, rect: Rect(x: rect.x + 2, y: y, width: rect.width - 2, height: height), model: model)
                y += height
            }
            index += 1
        }
        if y < bottom, index >= model.rows.count {
            drawEnd(into: &canvas, x: rect.x, y: y, width: rect.width, model: model)
        }
        return textCursor
    }

    /// Draws one line. The cursor highlights only the line's head — mark and author —
    /// not the whole line: moving the cursor then rewrites two short heads on the
    /// terminal (about 120 bytes) instead of two full lines (about 270).
    static func drawRow(_ row: ListRow, into canvas: inout Canvas, x: Int, y: Int, width: Int, model: ScreenModel, isCursor: Bool) {
        guard let entry = model.comments[row.id] else { return }
        var column = x
        let right = x + width
        var highlighted = isCursor
        func put(_ text: String, _ style: Style, maxWidth: Int? = nil) {
            let limit = min(right - column, maxWidth ?? Int.max)
            guard limit > 0 else { return }
            column += canvas.put(text, x: column, y: y, style: highlighted ? style.merged(with: Theme.cursor) : style, maxWidth: limit)
        }
        // The first column marks a tagged comment, else a new one that arrived by polling
        // (a character, so it reads without colour).
        let isTagged = model.site.map { model.ui.tags.contains(row.id, on: $0.id) } ?? false
        let isNew = !isTagged && model.site.map { model.commentsState.newComments[$0.id]?.contains(row.id) == true } ?? false
        // Changed on the site by someone else, and not seen yet (issue 27): "!".
        let change = model.site.flatMap { model.commentsState.siteChanges[$0.id]?[row.id] }
        put(isTagged ? "*" : change != nil ? "!" : isNew ? "+" : " ", isTagged || isNew || change != nil ? Theme.tagged : .plain)
        let (mark, markStyle) = Theme.mark(for: entry)
        put(mark, markStyle)
        put(hasDraft(row.id, model: model) ? draftMark : " ", Theme.hint)
        // The spam score (issue 30), on a scored site: see ``SpamMark``.
        if let site = model.site, let scores = model.commentsState.spamScores[site.id], scores.scoring > 0 {
            if let value = scores.score(of: row.id) {
                put(SpamMark.text(score: value, isLearning: scores.isLearning) + " ", SpamMark.style(score: value))
            } else {
                put(String(repeating: " ", count: SpamMark.width + 1), .plain)
            }
        }
        let author = entry.commentType.isPing ? PingLabel.title(entry)
            : TextSanitizer.singleLine(entry.authorName.isEmpty ? "Anonymous" : entry.authorName)
        put(DisplayWidth.pad(DisplayWidth.truncate(author, toWidth: authorWidth), toWidth: authorWidth), Theme.author)
        highlighted = false
        put(" ", .plain)
        let date = RelativeDate.short(entry.date, now: model.now, timeZone: model.timeZone)
        put(DisplayWidth.pad(date, toWidth: dateWidth) + " ", Theme.dim)
        let guides = guides(for: row)
        if !guides.isEmpty { put(guides + " ", Theme.guide) }
        if row.row.isOutOfContext { put("↳ ", Theme.dim) }
        if row.foldedReplies > 0 { put(foldedLabel(row.foldedReplies) + " ", Theme.hint) }
        if let change { put("changed on the site: \(change.summary) · ", Theme.hint) }
        // A ping's author column holds the linking page's title: say what it is and where from.
        if entry.commentType.isPing { put(PingLabel.row(entry) + " · ", Theme.hint) }
        // Only what can show is cleaned: a few columns' worth, never the whole comment.
        let excerpt = TextSanitizer.singleLine(String(entry.text.prefix(max(0, right - column) * 4 + 16)))
        put(DisplayWidth.truncate(excerpt, toWidth: max(0, right - column)), .plain)
    }

    /// Whether a reply to comment `id`, or an edit of it, is kept as a draft — an edit
    /// that did not get through too (`e` offers it again).
    static func hasDraft(_ id: Int, model: ScreenModel) -> Bool {
        guard let site = model.site?.id else { return false }
        if let unsent = model.commentsState.unsentEdit, unsent.site == site, unsent.id == id { return true }
        let drafts = model.ui.drafts
        guard !drafts.texts.isEmpty else { return false }
        return drafts[DraftRef(site: site, .reply(parent: id))] != nil || drafts[DraftRef(site: site, .edit(id: id))] != nil
    }

    /// `│ ├─` style guides: one two-column cell per level of depth, capped so deep
    /// threads keep room for text.
    static func guides(for row: ListRow) -> String {
        let depth = min(row.row.depth, 6)
        guard depth > 0 else { return "" }
        var text = ""
        for level in 1..<depth {
            text += row.continuingLevels & (1 << UInt64(level)) != 0 ? "│ " : "  "
        }
        text += row.isLastSibling ? "└─" : "├─"
        return text
    }

    /// What a folded thread shows before its text: how many replies it hides (at every
    /// depth), in words — a bare "[+4]" read as a score or a page count.
    static func foldedLabel(_ hidden: Int) -> String {
        hidden == 1 ? "▸ 1 reply" : "▸ \(hidden) replies"
    }

    private static func drawEmpty(into canvas: inout Canvas, rect: Rect, model: ScreenModel) {
        let message: String
        let style: Style
        if let error = model.fetch.error {
            let login = model.site.flatMap { model.commentsState.loginProblems[$0.id] }
            message = login.map { problem in
                let sentence = TextSanitizer.singleLine(problem)
                return (sentence.hasSuffix(".") ? sentence : sentence + ".") + " A visitor cannot list pending, spam or trash comments."
            }
                ?? "Could not load comments: " + TextSanitizer.singleLine(error.description) + "  —  \(model.keyMap.say("reload")) retries"
            style = Theme.error
        } else if model.filters.isSearchingInBackground {
            // Nothing found yet, but the search runs on: not "no match" — nor "loading"
            // while a big site loads on, the search through what is here being what waits.
            message = "Searching…"
            style = Theme.dim
        } else if model.fetch.isLoading || model.fetch.phase == .neverAsked {
            message = "Loading comments…"
            style = Theme.dim
        } else if model.filters.isFiltering {
            message = "No comment matches the filters  —  c clears them"
            style = Theme.dim
        } else {
            message = "No comments here yet."
            style = Theme.dim
        }
        let lines = TextWrapper.wrap(message, width: max(1, rect.width - 4))
        for (offset, line) in lines.prefix(rect.height).enumerated() {
            canvas.put(line, x: rect.x + 2, y: rect.y + 1 + offset, style: style, maxWidth: rect.width - 2)
        }
    }

    private static func drawEnd(into canvas: inout Canvas, x: Int, y: Int, width: Int, model: ScreenModel) {
        let fetch = model.fetch
        let text: String
        if fetch.isLoading, fetch.pagesLoaded > 0 {
            text = "── loading more… ──"
        } else if fetch.hasMore, let total = fetch.total {
            text = "── \(count: model.comments.count) of \(count: total) loaded · more load as you reach the end ──"
        } else if let error = fetch.error {
            text = "── " + TextSanitizer.singleLine(error.description) + " — \(model.keyMap.say("reload")) retries ──"
        } else {
            return
        }
        canvas.put(DisplayWidth.truncate(text, toWidth: width - 2), x: x + 2, y: y, style: Theme.dim)
    }
}

extension Style {
    /// This style on top of `base`: this colour where set, else base's; attributes of both.
    func merged(with base: Style) -> Style {
        Style(
            foreground: foreground ?? base.foreground,
            background: background ?? base.background,
            bold: bold || base.bold,
            dim: dim,
            reverse: reverse || base.reverse,
            underline: underline || base.underline
        )
    }
}
