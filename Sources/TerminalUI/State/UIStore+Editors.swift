import CommentsKit

/// The search prompt, the reply editor and the external editor.
extension UIStore {
    /// Handles the search prompt's, the reply editor's and the external editor's actions;
    /// false for any other action.
    func handleEditing(_ action: UIAction) -> Bool {
        switch action {
        case .startSearch: startSearch()
        case .findMatch(let forward): findMatch(forward: forward)
        case .editorKey(let key): editorKey(key)
        case .openExternalEditor: openExternalEditor()
        case .externalEditorFinished(let text): externalEditorFinished(text)
        case .confirmDiscard: confirmDiscard()
        case .keepText: keepText()
        default: return false
        }
        return true
    }

    // MARK: Search

    private func startSearch() {
        let current = filters.state.searchText
        mutate { state in
            state.mode = .search(SearchPrompt(editor: LineEditor(text: current), previousText: current))
            state.isHelpVisible = false
        }
    }

    /// `n` / `N`: the next or previous comment matching the search, by the same rule as
    /// the search filter, wrapping around.
    private func findMatch(forward: Bool) {
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
    private func editorKey(_ key: Key) {
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

    // MARK: Discarding

    /// Closes the editor without sending. A reply's text is not lost: it becomes the last
    /// draft for its comment, so `r` brings it back. If it cannot be kept, the editor stays
    /// open. An edit's text is dropped: `e` starts again from the comment as it is.
    private func discard(_ composer: Composer) {
        guard case .reply = composer.purpose, !composer.editor.isBlank else {
            drafts?.remove(site: composer.site, composer.draftKey)
            mutate { $0.mode = .normal }
            if case .edit = composer.purpose, !composer.editor.isBlank { hint("Edit discarded.") }
            return
        }
        guard keepAsDraft(composer.editor.text, site: composer.site, composer.draftKey) else {
            var open = composer
            open.isConfirmingDiscard = false
            mutate { $0.mode = .compose(open) }
            return hint("The reply could not be kept as a draft, so it stays open: Ctrl-S sends it, Ctrl-C quits keeping it.")
        }
        mutate { $0.mode = .normal }
        hint("Reply discarded: r brings it back.")
    }

    /// Ctrl-X in the discard question: the editor's text, or a reply that failed to post,
    /// is thrown away — kept as the last draft for its comment.
    private func confirmDiscard() {
        switch state.mode {
        case .compose(let composer) where composer.isConfirmingDiscard:
            discard(composer)
        case .confirm(let confirmation):
            guard case .discardReply(let site, let localID) = confirmation.purpose else { return }
            if let failed = comments.state.comments(of: site).localEntries.first(where: { $0.id == localID }) {
                guard keepAsDraft(failed.contentRaw ?? failed.text, site: site, .reply(parent: failed.parent)) else {
                    mutate { $0.mode = .normal }
                    return hint("The reply could not be kept as a draft, so it stays: fix the state directory or send it again with r.")
                }
            }
            mutate { $0.mode = .normal }
            dispatcher.dispatch(CommentsAction.discardReply(site: site, localID: localID))
            hint("Reply discarded: r on the comment it answered brings it back.")
        default:
            break
        }
    }

    /// Any key but Ctrl-X in the discard question: nothing is thrown away (the key itself
    /// is swallowed, not typed).
    private func keepText() {
        switch state.mode {
        case .compose(var composer) where composer.isConfirmingDiscard:
            composer.isConfirmingDiscard = false
            mutate { $0.mode = .compose(composer) }
        case .confirm(let confirmation):
            guard case .discardReply = confirmation.purpose else { return }
            mutate { $0.mode = .normal }
        default:
            break
        }
    }

    /// Saves `text` as the draft under `key`; false when it could not be kept. Without a
    /// draft store (benchmarks) there is nowhere to keep it, as on quitting: true.
    private func keepAsDraft(_ text: String, site: SiteID, _ key: DraftKey) -> Bool {
        guard let drafts else { return true }
        do {
            try drafts.save(text, site: site, key)
            return true
        } catch {
            // A store that cannot write to disk may still keep the text for the session
            // (and throw to say it is not on disk): kept is what `r` can load back.
            return drafts.load(site: site, key) == text
        }
    }

    // MARK: External editor

    /// `E` (or Ctrl-O in the editor): continue the reply in `$VISUAL` / `$EDITOR`.
    private func openExternalEditor() {
        if case .normal = state.mode { _ = handleCommand(.reply) }
        guard case .compose(let composer) = state.mode else { return }
        guard let editor else { return hint("No external editor in this session.") }
        let text = composer.editor.text
        effects.run(.run { send in
            let edited = await editor.edit(text)
            await send(.externalEditorFinished(edited))
        })
    }

    private func externalEditorFinished(_ text: String?) {
        mutate { state in
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
