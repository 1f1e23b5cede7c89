import CommentsKit

/// The search prompt, the reply editor and the external editor.
extension UIStore {
    // MARK: Search

    func startSearch() {
        let current = filters.state.searchText
        mutate { state in
            state.mode = .search(SearchPrompt(editor: LineEditor(text: current), previousText: current))
            state.isHelpVisible = false
        }
    }

    /// `n` / `N`: the next or previous comment matching the search, by the same rule as
    /// the search filter, wrapping around.
    func findMatch(forward: Bool) {
        let needle = filters.state.searchText.trimmingCharacters(in: .whitespaces)
        guard CommentSearch.Pattern(needle) != nil else { return hint("No search yet: press / to search.") }
        let rows = self.rows
        guard let site = state.site, !rows.isEmpty else { return }
        // The filter's own scan, shared: one per comments revision and search text.
        let comments = self.comments.state.comments(of: site)
        guard let matches = filters.searchMatches(in: comments) else { return }
        for step in 1...rows.count {
            let index = ((state.cursorIndex + (forward ? step : -step)) % rows.count + rows.count) % rows.count
            guard let position = comments.position(of: rows[index].id), position < matches.count, matches[position] else { continue }
            let wrapped = forward ? index <= state.cursorIndex : index >= state.cursorIndex
            select(index: index, in: rows)
            if wrapped { hint(forward ? "Search wrapped to the top." : "Search wrapped to the bottom.") }
            return
        }
        hint("No match for “\(needle)”.")
    }

    // MARK: Typing

    /// A key typed into the open prompt or editor.
    func editorKey(_ key: Key) {
        switch state.mode {
        case .search(var prompt):
            switch prompt.editor.apply(key) {
            case .edited:
                mutate { state in
                    state.mode = .search(prompt)
                    state.cursor = nil
                    state.cursorIndex = 0
                    state.scrollTop = 0
                }
                dispatcher.dispatch(FilterAction.setSearch(prompt.editor.text))
            case .submitted:
                mutate { $0.mode = .normal }
            case .cancelled:
                mutate { $0.mode = .normal }
                dispatcher.dispatch(FilterAction.setSearch(prompt.previousText))
            case .ignored:
                break
            }
        case .compose(var composer):
            switch composer.editor.apply(key) {
            case .edited: mutate { $0.mode = .compose(composer) }
            case .submitted: submit(composer)
            case .cancelled:
                if composer.editor.isBlank {
                    discard(composer)
                } else {
                    composer.isConfirmingDiscard = true
                    mutate { $0.mode = .compose(composer) }
                }
            case .ignored: break
            }
        default:
            break
        }
    }

    private func submit(_ composer: Composer) {
        guard !composer.editor.isBlank else { return hint("Nothing to send yet.") }
        let text = composer.editor.text
        switch composer.purpose {
        case .reply(let post, let parent, let replacing):
            if let replacing { dispatcher.dispatch(CommentsAction.discardReply(site: composer.site, localID: replacing)) }
            dispatcher.dispatch(CommentsAction.reply(site: composer.site, post: post, parent: parent, text: text))
        case .edit(let id):
            dispatcher.dispatch(CommentsAction.edit(site: composer.site, id: id, text: text))
        }
        drafts?.remove(site: composer.site, composer.draftKey)
        mutate { $0.mode = .normal }
    }

    func discard(_ composer: Composer) {
        drafts?.remove(site: composer.site, composer.draftKey)
        mutate { $0.mode = .normal }
    }

    // MARK: External editor

    /// `E` (or Ctrl-O in the editor): continue the reply in `$VISUAL` / `$EDITOR`.
    func openExternalEditor() {
        if case .normal = state.mode { reply() }
        guard case .compose(let composer) = state.mode else { return }
        mutate { $0.externalEditRequest = composer.editor.text }
    }

    func externalEditorFinished(_ text: String?) {
        mutate { state in
            state.externalEditRequest = nil
            guard case .compose(var composer) = state.mode else { return }
            if let text {
                composer.editor = TextEditor(text: text.hasSuffix("\n") ? String(text.dropLast()) : text)
                state.mode = .compose(composer)
            } else {
                state.hint = "The editor failed; your text is unchanged."
            }
        }
    }
}
