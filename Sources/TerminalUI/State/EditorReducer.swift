import Flux
import CommentsKit

/// The search prompt, the reply editor and the external editor: keys typed as text, and
/// what happens to the text when it is sent or given up.
@MainActor
struct EditorReducer {
    let inputs: UIInputs
    let drafts: DraftReducer
    /// The editor `E` opens, if any (none in benchmarks).
    let editor: (any ExternalEditing)?

    /// Handles the search prompt's, the reply editor's and the external editor's actions;
    /// other actions change nothing here. Returns the drafts' writes, the external editor,
    /// and what it asks of the other stores (a search, a reply to send).
    func reduce(_ action: UIAction, _ state: inout UIState) -> Effect<UIAction> {
        switch action {
        case .startSearch: startSearch(&state)
        case .findMatch(let forward): findMatch(forward: forward, &state)
        case .editorKey(let key): return editorKey(key, &state)
        case .editorCommand(let command): return editorKey(command.editorKey, &state)
        case .openExternalEditor: return openExternalEditor(&state)
        case .externalEditorFinished(let text): externalEditorFinished(text, &state)
        case .confirmDiscard: return confirmDiscard(&state)
        case .keepText: keepText(&state)
        default: break
        }
        return .none
    }

    // MARK: Search

    private func startSearch(_ state: inout UIState) {
        if state.focus == .filters, isOnAuthorGroup(state) {
            let current = inputs.filters.state.authorQuery
            state.mode = .search(SearchPrompt(editor: LineEditor(text: current), previousText: current, findsAuthor: true))
            state.isHelpVisible = false
            return
        }
        let current = inputs.filters.state.searchText
        state.mode = .search(SearchPrompt(editor: LineEditor(text: current), previousText: current, returnPlace: CursorPlace(state)))
        state.isHelpVisible = false
    }

    /// Whether the filter panel's cursor is on the Author group's heading or one of its
    /// filters (where `/` finds an author).
    private func isOnAuthorGroup(_ state: UIState) -> Bool {
        switch state.filterCursorID {
        case .group(let group)?: group == .author
        case .filter(let criterion)?: criterion.group == .author
        case nil: false
        }
    }

    /// `n` / `N`: the next or previous comment matching the search, by the same rule as
    /// the search filter, wrapping around.
    private func findMatch(forward: Bool, _ state: inout UIState) {
        let needle = inputs.filters.state.searchText.trimmingCharacters(in: .whitespaces)
        guard CommentSearch.Pattern(needle) != nil else {
            state.hint = "No search yet: press / to search."
            return
        }
        let rows = inputs.rows(state)
        guard let site = state.site, !rows.isEmpty else { return }
        // The filter's own scan, shared: one per comments revision and search text.
        let comments = inputs.comments.state.comments(of: site)
        guard let matches = inputs.searchMatches(comments) else { return }
        for step in 1...rows.count {
            let index = ((state.cursorIndex + (forward ? step : -step)) % rows.count + rows.count) % rows.count
            guard let position = comments.position(of: rows[index].id), position < matches.count, matches[position] else { continue }
            let wrapped = forward ? index <= state.cursorIndex : index >= state.cursorIndex
            state.select(index: index, in: rows)
            if wrapped { state.hint = forward ? "Search wrapped to the top." : "Search wrapped to the bottom." }
            return
        }
        state.hint = "No match for “\(needle)”."
    }

    /// Follows the filter store: once it put back the search Esc gave up, the cursor goes
    /// back to where it was before `/`, now that the list it was in is back.
    func follow(_ action: FilterAction, _ state: inout UIState) -> Effect<UIAction> {
        guard case .setSearch = action else { return .none }
        state.searchReturn?.restore(&state)
        state.searchReturn = nil
        return .none
    }

    // MARK: Typing

    /// A key typed into the open prompt or editor, or the key a command is known by there
    /// (the editors take keys: ``EditorCommand/editorKey``).
    private func editorKey(_ key: Key, _ state: inout UIState) -> Effect<UIAction> {
        switch state.mode {
        case .search(var prompt):
            switch prompt.editor.apply(key) {
            case .edited where prompt.findsAuthor:
                state.mode = .search(prompt)
                return .dispatch(FilterAction.findAuthor(prompt.editor.text))
            case .cancelled where prompt.findsAuthor:
                state.mode = .normal
                return .dispatch(FilterAction.findAuthor(prompt.previousText))
            case .edited:
                state.mode = .search(prompt)
                if prompt.editor.text.trimmingCharacters(in: .whitespaces).isEmpty, let place = prompt.returnPlace {
                    // No needle left: the whole list is back, and the cursor with it on the
                    // comment it was on before `/` (`/`, Ctrl-U, Enter clears a search).
                    state.searchReturn = place
                } else {
                    // A new needle: the cursor on the first match.
                    state.searchReturn = nil
                    state.cursor = nil
                    state.cursorIndex = 0
                    state.scrollTop = 0
                }
                return .dispatch(FilterAction.setSearch(prompt.editor.text))
            case .submitted:
                state.mode = .normal
            case .cancelled:
                state.mode = .normal
                state.searchReturn = prompt.returnPlace
                return .dispatch(FilterAction.setSearch(prompt.previousText))
            case .ignored:
                break
            }
        case .compose(var composer):
            if key == EditorCommand.approveAndSend.editorKey, ApproveAndReply.offered(for: composer, inputs.comments.state) {
                return submit(composer, approvingParent: true, &state)
            }
            switch apply(key, to: &composer.editor, state) {
            case .edited: state.mode = .compose(composer)
            case .submitted: return submit(composer, &state)
            case .cancelled:
                if composer.isUnchanged { return discard(composer, &state) }
                composer.isConfirmingDiscard = true
                state.mode = .compose(composer)
            case .ignored: break
            }
        case .normal where state.pendingEdit != nil:
            // `e` waits for the comment read again on the site: what is typed meanwhile goes
            // to the editor once it opens (typed at once after `e`, it would otherwise act on
            // the list: a `d` trashing a comment); Esc gives the edit up.
            if key == EditorCommand.cancel.editorKey {
                state.pendingEdit = nil
                state.pendingEditKeys = []
                state.hint = "Edit cancelled."
            } else {
                state.pendingEditKeys.append(key)
            }
        default:
            break
        }
        return .none
    }

    /// A key to the reply editor: Up/Down move by display line at the width the box is
    /// drawn (``Layout/composerTextWidth(listWidth:)``); the rest as the editor takes them.
    private func apply(_ key: Key, to editor: inout TextEditor, _ state: UIState) -> EditorOutcome {
        guard key == .up || key == .down, let list = Layout(state).list else { return editor.apply(key) }
        return editor.moveByDisplayLine(key == .up ? -1 : 1, width: Layout.composerTextWidth(listWidth: list.width))
    }

    /// Sends the reply (or saves the edit); `approvingParent`: approves the pending comment
    /// replied to as well (``ApproveAndReply``), approval first, as wp-admin does.
    private func submit(_ composer: Composer, approvingParent: Bool = false, _ state: inout UIState) -> Effect<UIAction> {
        guard !composer.editor.isBlank else {
            state.hint = "Nothing to send yet."
            return .none
        }
        let text = composer.editor.text
        // In this order: the failed reply goes before its new copy, the approval before the reply.
        var sent: [Effect<UIAction>] = []
        switch composer.purpose {
        case .reply(let post, let parent, let replacing):
            if let replacing { sent.append(.dispatch(CommentsAction.discardReply(site: composer.site, localID: replacing))) }
            if approvingParent { sent.append(.dispatch(CommentsAction.moderate(site: composer.site, id: parent, to: .approve))) }
            sent.append(.dispatch(CommentsAction.reply(site: composer.site, post: post, parent: parent, text: text)))
        case .edit(let id):
            sent.append(.dispatch(editAction(site: composer.site, id: id, text: text)))
        }
        state.mode = .normal
        return Effect.merge(sent).combined(with: drafts.forget(composer.draft, &state))
    }

    /// Saving an edit: through ``QuickEditForm`` for a user who may edit anyone's comment
    /// (the author's fields that changed go with the text), the text alone otherwise.
    private func editAction(site: SiteID, id: Int, text: String) -> CommentsAction {
        let comments = inputs.comments.state
        guard QuickEditForm.applies(to: comments.currentUsers[site]) else { return .edit(site: site, id: id, text: text) }
        let (body, author) = QuickEditForm.parse(text, against: comments.comments[site]?[id])
        return author.isEmpty ? .edit(site: site, id: id, text: body) : .quickEdit(site: site, id: id, text: body, author: author)
    }

    // MARK: Discarding

    /// Closes the editor without sending. A reply's text is not lost: it becomes the last
    /// draft for its comment, so `r` brings it back. An edit's text is dropped: `e` starts
    /// again from the comment as it is.
    private func discard(_ composer: Composer, _ state: inout UIState) -> Effect<UIAction> {
        state.mode = .normal
        guard case .reply = composer.purpose, !composer.editor.isBlank else {
            if case .edit = composer.purpose, !composer.isUnchanged { state.hint = "Edit discarded." }
            return drafts.forget(composer.draft, &state)
        }
        state.hint = "Reply discarded: \(inputs.keyMap.say("reply")) brings it back."
        return drafts.keep(composer.editor.text, as: composer.draft, &state)
    }

    /// Ctrl-X in the discard question: the editor's text, or a reply that failed to post,
    /// is thrown away — kept as the last draft for its comment.
    private func confirmDiscard(_ state: inout UIState) -> Effect<UIAction> {
        switch state.mode {
        case .compose(let composer) where composer.isConfirmingDiscard:
            return discard(composer, &state)
        case .confirm(let confirmation):
            guard case .discardReply(let site, let localID) = confirmation.purpose else { return .none }
            state.mode = .normal
            var kept = Effect<UIAction>.none
            if let failed = inputs.comments.state.comments(of: site).localEntries.first(where: { $0.id == localID }) {
                kept = drafts.keep(failed.contentRaw ?? failed.text, as: DraftRef(site: site, .reply(parent: failed.parent)), &state)
            }
            state.hint = "Reply discarded: r on the comment it answered brings it back."
            return kept.combined(with: .dispatch(CommentsAction.discardReply(site: site, localID: localID)))
        default:
            return .none
        }
    }

    /// Any key but Ctrl-X in the discard question: nothing is thrown away (the key itself
    /// is swallowed, not typed).
    private func keepText(_ state: inout UIState) {
        switch state.mode {
        case .compose(var composer) where composer.isConfirmingDiscard:
            composer.isConfirmingDiscard = false
            state.mode = .compose(composer)
        case .confirm(let confirmation):
            guard case .discardReply = confirmation.purpose else { return }
            state.mode = .normal
        default:
            break
        }
    }

    // MARK: External editor

    /// `E` (or Ctrl-O in the editor): continue the reply in `$VISUAL` / `$EDITOR`. (From
    /// the list, ``UIReducer`` opens the reply editor first.)
    private func openExternalEditor(_ state: inout UIState) -> Effect<UIAction> {
        guard case .compose(let composer) = state.mode else { return .none }
        guard let editor else {
            state.hint = "No external editor in this session."
            return .none
        }
        let text = composer.editor.text
        return .run { send in
            let edited = await editor.edit(text)
            await send(.externalEditorFinished(edited))
        }
    }

    private func externalEditorFinished(_ text: String?, _ state: inout UIState) {
        guard case .compose(var composer) = state.mode else { return }
        if let text {
            composer.editor = TextEditor(text: text.hasSuffix("\n") ? String(text.dropLast()) : text)
            state.mode = .compose(composer)
        } else {
            state.hint = "The editor failed; your text is unchanged."
        }
    }
}
