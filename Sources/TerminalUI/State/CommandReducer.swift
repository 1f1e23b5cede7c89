import Flux
import CommentsKit

/// What keys do to the comment under the cursor — reply, edit, moderate, trash, delete —
/// and how the interface follows what the comments store did with them.
@MainActor
struct CommandReducer {
    let inputs: UIInputs

    /// With comments tagged, the moderation keys ask to act on all of them.
    private var tagging: TaggingReducer { TaggingReducer(inputs: inputs) }

    /// Handles a key that acts on the comment under the cursor; other actions change
    /// nothing here. Returns what it asks of the comments store (a trash, a moderation, a
    /// comment's source).
    func reduce(_ action: UIAction, _ state: inout UIState) -> Effect<UIAction> {
        switch action {
        case .reply: reply(&state)
        case .edit: return edit(&state)
        case .trash: return trash(&state)
        case .deletePermanently: askToDelete(&state)
        case .moderate(let moderation): return moderate(moderation, &state)
        case .answer(let yes): return answer(yes: yes, &state)
        default: break
        }
        return .none
    }

    /// Follows what the comments store did: the cursor goes to what an undo or a rollback
    /// brought back, the editor opens on a source that arrived.
    func follow(_ action: CommentsAction, _ state: inout UIState) -> Effect<UIAction> {
        switch action {
        case .undo: followUndo(&state)
        case .writeFinished(let operation, _): followRollback(of: operation, &state)
        case .sourceLoaded(let site, let id, let result):
            let failure: CommentsError? = if case .failure(let error) = result { error } else { nil }
            sourceLoaded(site: site, id: id, failure: failure, &state)
        default: break
        }
        return .none
    }

    // MARK: Reply and edit

    /// `r`: the reply editor under the comment (with its draft, if one was kept). On a
    /// reply that failed to post, the editor opens with that reply's text, to fix or send
    /// again.
    private func reply(_ state: inout UIState) {
        guard let site = state.site, let entry = inputs.selectedEntry(state) else {
            state.hint = "No comment selected."
            return
        }
        if entry.isLocal {
            guard case .failed? = entry.mark else {
                state.hint = "That reply is still being sent."
                return
            }
            let text = entry.contentRaw ?? entry.text
            let purpose = Composer.Purpose.reply(post: entry.post, parent: entry.parent, replacing: entry.id)
            return open(Composer(site: site, purpose: purpose, editor: TextEditor(text: text)), &state)
        }
        let draft = state.drafts[DraftRef(site: site, .reply(parent: entry.id))] ?? ""
        open(Composer(site: site, purpose: .reply(post: entry.post, parent: entry.id), editor: TextEditor(text: draft)), &state)
        if !draft.isEmpty { state.hint = "Draft restored." }
    }

    /// `e`: edits one's own comment — or anyone's, with the author's fields, for a user who
    /// may (``QuickEditForm``) — starting from its source (`content.raw`) as the site has it
    /// now: the comment is read again first (issue 27: the editor opened on an old text while
    /// the site had a newer one) — editing the rendering turned into text would quietly
    /// rewrite the author's markup. Offline, or the site down, it opens on parley's copy (the
    /// save checks the site's text first); an edit not sent yet, or kept as a draft, opens
    /// at once.
    private func edit(_ state: inout UIState) -> Effect<UIAction> {
        guard let site = state.site, let entry = inputs.selectedEntry(state), !entry.isLocal else {
            state.hint = "No comment selected."
            return .none
        }
        let comments = inputs.comments.state
        let cannotReach = comments.outbox.offline.contains(site) || comments.outbox.unreachable.contains(site)
        if let me = comments.currentUsers[site] {
            guard me.id == entry.author || me.canEditOthersComments else {
                state.hint = "You can only edit your own comments."
                return .none
            }
        } else if !cannotReach {
            state.hint = "The site has not said who you are yet: try again once it has."
            return .none
        }
        // Offline the login cannot be checked: the edit (of the text only) is queued, and
        // the site, which knows who may edit what, accepts or refuses it when it is sent.
        guard entry.mark == nil else {
            state.hint = "Wait: a change to that comment is still on its way."
            return .none
        }
        // As the editor holds it (line breaks made plain), to compare with what it holds at Esc.
        let original = entry.contentRaw.map { TextEditor(text: editText(entry, source: $0, site: site)).text }
        if let text = unsentEdit(site: site, id: entry.id, state) ?? (cannotReach ? original : nil) {
            open(Composer(site: site, purpose: .edit(id: entry.id), editor: TextEditor(text: text), original: original), &state)
            return .none
        }
        state.pendingEdit = entry.id
        state.hint = "Reading the comment on the site…"
        return .dispatch(CommentsAction.loadSource(site: site, id: entry.id))
    }

    /// The comment read for `e` arrived: the editor opens on the site's text if the user
    /// still waits for it, saying so when someone else changed it; when it could not be
    /// read (the site down, say), on parley's copy, saying that — not when the site said it
    /// has no such comment or refused it.
    private func sourceLoaded(site: SiteID, id: Int, failure: CommentsError?, _ state: inout UIState) {
        guard state.pendingEdit == id, state.site == site else { return }
        let typed = state.pendingEditKeys
        state.pendingEdit = nil
        state.pendingEditKeys = []
        if case .http? = failure { return }
        let succeeded = failure == nil
        guard state.cursor == id, case .normal = state.mode,
              let entry = inputs.comments.state.comments[site]?[id], let raw = entry.contentRaw else { return }
        let changed = inputs.comments.state.siteChanges[site]?[id]?.textChanged == true
        state.hint = !succeeded
            ? "Could not read the comment on the site: this is parley's copy (saving checks the site's text first)."
            : changed ? "The text changed on the site (parley did not do it): you are editing the site's text." : nil
        var editor = TextEditor(text: editText(entry, source: raw, site: site))
        let original = editor.text
        // What was typed while the comment was read, but never a send: the user saves when
        // they have seen the text.
        for key in typed where key != EditorCommand.send.editorKey { _ = editor.apply(key) }
        open(Composer(site: site, purpose: .edit(id: id), editor: editor, original: original), &state)
    }

    /// What the editor opens on: the source, under the author's fields for a user who may
    /// edit anyone's comment.
    private func editText(_ entry: CommentEntry, source: String, site: SiteID) -> String {
        QuickEditForm.applies(to: inputs.comments.state.currentUsers[site]) ? QuickEditForm.text(for: entry, source: source) : source
    }

    /// Text of an earlier edit of `id` that the site refused or parley could not send
    /// (with the author's fields a Quick Edit changed), or kept as a draft.
    private func unsentEdit(site: SiteID, id: Int, _ state: UIState) -> String? {
        let comments = inputs.comments.state
        if let unsent = comments.unsentEdit, unsent.site == site, unsent.id == id { return QuickEditForm.text(of: unsent, in: comments) }
        return state.drafts[DraftRef(site: site, .edit(id: id))]
    }

    private func open(_ composer: Composer, _ state: inout UIState) {
        state.mode = .compose(composer)
        state.isDetailOpen = false
        state.focus = .list
        state.isHelpVisible = false
    }

    // MARK: Moderation and deletion

    /// `d`: trash at once (undoable). On a reply that failed to post, asks before throwing
    /// its text away (the discard question: only Ctrl-X discards).
    private func trash(_ state: inout UIState) -> Effect<UIAction> {
        if tagging.askBulk(.moderate(.trash), &state) { return .none }
        guard let site = state.site, let entry = inputs.selectedEntry(state) else {
            state.hint = "No comment selected."
            return .none
        }
        if entry.isLocal {
            guard case .failed? = entry.mark else {
                state.hint = "That reply is still being sent."
                return .none
            }
            state.mode = .confirm(Confirmation(
                question: "Discard this unsent reply? It stays the last draft: \(inputs.keyMap.say("reply")) on its comment brings it back.",
                choices: DialogView.discardChoices(keep: "keep it", keyMap: inputs.keyMap),
                purpose: .discardReply(site: site, localID: entry.id)))
            return .none
        }
        return .dispatch(CommentsAction.trash(site: site, id: entry.id))
    }

    /// `D`: asks, then deletes for good.
    private func askToDelete(_ state: inout UIState) {
        if tagging.askBulk(.deletePermanently, &state) { return }
        guard let site = state.site, let entry = inputs.selectedEntry(state), !entry.isLocal else {
            state.hint = "No comment selected."
            return
        }
        let author = TextSanitizer.singleLine(entry.authorName)
        let whose = author.isEmpty ? "this comment" : "the comment by \(author)"
        state.mode = .confirm(Confirmation(
            question: "Delete \(whose) permanently? It cannot be undone.",
            choices: "\(inputs.keyMap.say("yes", in: .confirm))  delete for good      \(inputs.keyMap.say("no", in: .confirm))  keep it",
            purpose: .deletePermanently(site: site, id: entry.id)))
    }

    private func moderate(_ moderation: Moderation, _ state: inout UIState) -> Effect<UIAction> {
        if tagging.askBulk(.moderate(moderation), &state) { return .none }
        guard let site = state.site, let entry = inputs.selectedEntry(state) else {
            state.hint = "No comment selected."
            return .none
        }
        return .dispatch(CommentsAction.moderate(site: site, id: entry.id, to: moderation))
    }

    /// After `z`, the cursor goes to the comment whose change was undone (when it is on
    /// the site shown; the notice names the other site otherwise).
    private func followUndo(_ state: inout UIState) {
        state.hint = nil
        guard let step = inputs.comments.state.lastUndo, step.site == state.site else { return }
        state.cursor = step.id
    }

    /// A trash, moderation or deletion was rolled back: the cursor and the detail pane go
    /// back to its comment, on the site shown, unless an editor or a question is open
    /// (their keys do not act on the cursor, and moving it would move the editor).
    private func followRollback(of operation: Int, _ state: inout UIState) {
        guard let rollback = inputs.comments.state.lastRollback, rollback.operation == operation,
              rollback.site == state.site, case .normal = state.mode else { return }
        state.cursor = rollback.id
        state.detailID = rollback.id
        state.detailScroll = 0
    }

    /// y / n to the open question.
    private func answer(yes: Bool, _ state: inout UIState) -> Effect<UIAction> {
        guard case .confirm(let confirmation) = state.mode else { return .none }
        state.mode = .normal
        if case .overrideConflict(let number) = confirmation.purpose {
            return .dispatch(yes ? CommentsAction.overrideConflict(number: number) : CommentsAction.dismissConflict(number: number))
        }
        guard yes else { return .none }
        // Discarding text is the discard question's (Ctrl-X), never a letter's.
        switch confirmation.purpose {
        case .deletePermanently(let site, let id):
            return .dispatch(CommentsAction.deletePermanently(site: site, id: id))
        case .bulk(let site, let ids, let action):
            return .dispatch(CommentsAction.bulk(site: site, ids: ids, action: action))
        case .empty(let site, let status, let count):
            return .dispatch(CommentsAction.empty(site: site, status: status, count: count))
        case .discardReply, .overrideConflict:
            return .none
        }
    }
}
